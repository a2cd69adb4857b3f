// What `npm test` needs from the machine, made ready before any suite runs, so the README's two
// commands are all a fresh machine needs: the system Chromium (installed with apt-get when we are
// root) and the local PostgreSQL (started when it is installed but stopped). Where it cannot do
// either, it says exactly what to run. Exit 1 = the tests cannot run (no Chromium); a missing
// PostgreSQL is left to scripts/test-postgres.mjs, which warns, or fails in CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const PG_HOST = '127.0.0.1';
const PG_PORT = '5432';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });
const quiet = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' });
const has = (cmd) => quiet('sh', ['-c', `command -v ${cmd}`]).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** true when Chromium is there (or was just installed). */
export function ensureChromium() {
  const chromium = chromiumPath();
  if (existsSync(chromium)) return true;
  if (!process.env.CHROMIUM_PATH && isRoot() && has('apt-get')) {
    console.log('== Chromium bulunamadı; apt-get ile kuruluyor (bir kez, birkaç dakika sürebilir)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok = run('apt-get', ['update', '-qq'], { env }).status === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }).status === 0;
    if (ok && existsSync(chromium)) return true;
  }
  console.error(`\nChromium bulunamadı (${chromium}); tarayıcı testleri onsuz çalışamaz. Yapmanız gereken:`);
  if (process.env.CHROMIUM_PATH) console.error(`  CHROMIUM_PATH'in gösterdiği dosya yok: ya düzeltin ya da CHROMIUM_PATH'i kaldırın.`);
  else if (has('apt-get')) console.error('  sudo apt-get install -y chromium      (sonra yeniden: npm test)');
  else console.error('  Chromium\'u kurun ve yolunu verin: CHROMIUM_PATH=/yol/chromium npm test');
  return false;
}

const pgReady = () => has('pg_isready') && quiet('pg_isready', ['-h', PG_HOST, '-p', PG_PORT, '-q']).status === 0;

/** Debian's clusters: /etc/postgresql/<version>/<name>. */
function localClusters() {
  try {
    return readdirSync('/etc/postgresql').flatMap((version) => readdirSync(`/etc/postgresql/${version}`).map((name) => ({ version, name })));
  } catch {
    return [];
  }
}

/** TEST_DATABASE_URL naming the local server (as .ci/run exports it) still gets it started. */
function pointsAtLocalServer(url) {
  try {
    const u = new URL(url);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && (u.port || '5432') === PG_PORT;
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL run of the API suite uses TEST_DATABASE_URL, or the local server on 5432. When a
 * local cluster is installed but stopped, start it (as .ci/run used to); otherwise explain.
 * Never fails: the PostgreSQL step decides what a missing server means.
 */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL && !pointsAtLocalServer(process.env.TEST_DATABASE_URL)) return;
  if (pgReady()) return;
  const clusters = localClusters();
  if (clusters.length === 0 || !has('pg_ctlcluster')) {
    console.warn('\n== PostgreSQL yerelde kurulu değil: API testlerinin PostgreSQL adımı atlanacak (uyarı verilir).');
    console.warn('   Çalıştırmak için: apt-get install -y postgresql  ya da  TEST_DATABASE_URL=postgres://... npm test');
    return;
  }
  const { version, name } = clusters.find((c) => c.name === 'main') ?? clusters[0];
  console.log(`== Yerel PostgreSQL (${version}/${name}) kapalı; başlatılıyor`);
  // --skip-systemctl-redirect: containers and CI machines have no systemd to hand this to.
  const started = run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']).status === 0;
  for (let i = 0; started && i < 30 && !pgReady(); i++) await new Promise((r) => setTimeout(r, 1000));
  if (!pgReady()) {
    console.warn(`\n== PostgreSQL başlatılamadı. Elle deneyin: pg_ctlcluster --skip-systemctl-redirect ${version} ${name} start`);
    console.warn(`   (root değilseniz başına sudo ekleyin), ya da TEST_DATABASE_URL=postgres://... ile başka bir sunucu gösterin.`);
  }
}

/**
 * strace proves that an acknowledged write was flushed to disk (src/server/db/durability.test.ts);
 * python3 plays the parent that never reaps a killed lock holder (src/server/db/lock.test.ts).
 */
export function ensureTracingTools() {
  const missing = ['strace', 'python3'].filter((cmd) => !has(cmd));
  if (missing.length === 0) return true;
  if (isRoot() && has('apt-get')) {
    console.log(`== ${missing.join(', ')} bulunamadı; apt-get ile kuruluyor`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', ...missing], { env });
    if (missing.every(has)) return true;
  }
  console.error(`\n${missing.join(', ')} bulunamadı; dayanıklılık testleri onsuz çalışamaz. Kurun: sudo apt-get install -y ${missing.join(' ')}`);
  return false;
}

/** Everything `npm test` needs; false = stop (the message was printed). */
export async function prepareTestMachine() {
  const hasChromium = ensureChromium();
  const hasTracing = ensureTracingTools();
  await ensurePostgres();
  return hasChromium && hasTracing;
}

// Run alone (`node scripts/test-setup.mjs`) it only prepares the machine.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit((await prepareTestMachine()) ? 0 : 1);
}
