import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, SERVER_APPLICATION_NAME, type Database } from './db/client';
import { clusterDirOf, runningEmbeddedUrls } from './db/embedded-postgres';
import { acquireDataDirLock } from './db/lock';
import { listBackups } from './modules/backups/backup-file';
import { backupKeyFile } from './modules/backups/backup-key';
import { takeDailyBackupIfDue } from './modules/backups/daily';
import { asUnsignedBackup, OTHER_BACKUP_KEY, readable, rehash, resign, snapshot, TEST_BACKUP_KEY, TEST_BACKUP_KEY_HEX } from './modules/backups/backup-test-kit';
import { BACKUP_MESSAGES, verifyBackup } from './modules/backups/restore';
import { restaurantFactory, staffFactory } from './test-support/factories';

/**
 * `npm run backup` and `npm run restore` as a restaurant runs them, on the embedded default:
 * the bundled CLIs, each its own process, on a DATA_DIR of their own.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI_DIR = path.join(ROOT, 'dist/server');

let dataDir: string;
/** the database as the first backup holds it */
let backedUp: Awaited<ReturnType<typeof snapshot>>;

/** The key `npm run backup` made in DATA_DIR on its first run. */
const dataDirKey = () => Buffer.from(fs.readFileSync(backupKeyFile(dataDir), 'utf8').trim(), 'hex');
const firstBackup = async () => path.join(dataDir, 'backups', (await listBackups(path.join(dataDir, 'backups')))[0]);
/** The cluster's folder as it is: a refused restore must leave it as it was. */
const clusterEntries = () => fs.readdirSync(path.dirname(clusterDirOf(dataDir))).sort();

function run(script: 'backup' | 'restore', args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(CLI_DIR, `${script}.js`), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_OWNER_URL: '', SOFRA_BACKUP_KEY: '', NODE_ENV: 'production', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject).on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const release = await acquireDataDirLock(dataDir);
  const database = await openDatabase({ kind: 'embedded', dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
    await release();
  }
}

beforeAll(async () => {
  // The same bundles `npm run build` makes (scripts/build-server.mjs), without building the client.
  await build({
    entryPoints: ['src/server/backup.ts', 'src/server/restore.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    outdir: CLI_DIR,
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sofra-yedek-cli-'));
  // Run as root, PostgreSQL runs as `postgres`, who must reach DATA_DIR to keep the cluster in it.
  fs.chmodSync(dataDir, 0o755);
});

afterAll(() => {
  const outside = clusterDirOf(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!outside.startsWith(dataDir)) fs.rmSync(path.dirname(outside), { recursive: true, force: true });
});

describe('npm run backup / npm run restore on the embedded default', () => {
  it('backs up (making the backup key on first need, and saying so once), and after a change restores the database as it was, keeping the changed one aside', async () => {
    const before = await withDatabase(async (database) => {
      const restaurant = await restaurantFactory({ database }, 'Yedek Lokantası');
      await staffFactory({ database }, restaurant.id, { email: 'sahip@yedek.local' });
      return snapshot(database.db);
    });

    const backup = await run('backup');
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [name] = await listBackups(path.join(dataDir, 'backups'));
    const file = path.join(dataDir, 'backups', name);
    expect(backup.stdout).toContain(`Yedek alındı: ${file}`);
    expect(backup.stdout).toMatch(/restaurants\s+1 satır/);
    // the key is made in DATA_DIR, readable by its owner only, and the backup signed with it
    const keyFile = path.join(dataDir, 'secrets', 'backup.key');
    expect(backup.stdout).toContain(BACKUP_MESSAGES.keyCreated(keyFile));
    expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
    await verifyBackup(readable(fs.readFileSync(file)), { key: dataDirKey() });
    backedUp = before;

    await withDatabase(async (database) => {
      await restaurantFactory({ database }, 'Sonradan Eklenen');
    });

    const restore = await run('restore', [file]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Geri yükleme tamamlandı');
    const kept = /Önceki veritabanı silinmedi, şurada duruyor: (.+)/.exec(restore.stdout)![1];
    expect(path.basename(kept)).toMatch(/^postgres\.geri-yukleme-oncesi-\d{8}-\d{6}$/);
    expect(fs.existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);

    const after = await withDatabase((database) => snapshot(database.db));
    expect(after).toEqual(before);
  });

  it('backs up beside a running Sofra, whose database stays in use', async () => {
    const name = await withDatabase(async (database) => {
      const result = await run('backup', [path.join(dataDir, 'elle', 'yan-yana.sofra-backup.gz')]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('çalışan sunucunun veritabanı');
      // the key is there already: said once, on the first backup only
      expect(result.stdout).not.toContain('Yedek anahtarı oluşturuldu');
      // the server's connection still works
      await restaurantFactory({ database }, 'Yedekten Sonra');
      return result.stdout;
    });
    expect(name).toContain(path.join(dataDir, 'elle', 'yan-yana.sofra-backup.gz'));
  });

  it("the server's daily backup works through the server's own role (which owns nothing)", async () => {
    const dir = path.join(dataDir, 'gunluk');
    const logger = { info: () => {}, warn: () => {}, error: (m: string) => errors.push(m) };
    const errors: string[] = [];
    const file = await withDatabase((database) => takeDailyBackupIfDue({ db: database.db, dir, key: { dataDir }, logger }));
    expect(errors).toEqual([]);
    expect(file && fs.existsSync(file)).toBe(true);
    await verifyBackup(readable(fs.readFileSync(file!)), { key: dataDirKey() });
  });

  it('refuses to restore while Sofra runs, and changes nothing', async () => {
    const [name] = await listBackups(path.join(dataDir, 'backups'));
    const entries = fs.readdirSync(path.dirname(clusterDirOf(dataDir))).sort();
    const release = await acquireDataDirLock(dataDir);
    try {
      const result = await run('restore', [path.join(dataDir, 'backups', name)]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe('Sofra çalışıyor; geri yüklemeden önce sunucuyu durdurun.');
    } finally {
      await release();
    }
    expect(fs.readdirSync(path.dirname(clusterDirOf(dataDir))).sort()).toEqual(entries);
  });

  it("refuses a newer Sofra's backup and puts the current database back as it was", async () => {
    const [name] = await listBackups(path.join(dataDir, 'backups'));
    const newer = path.join(dataDir, 'yeni-surum.sofra-backup.gz');
    fs.writeFileSync(
      newer,
      resign(fs.readFileSync(path.join(dataDir, 'backups', name)), (lines) => {
        const header = JSON.parse(lines[0]);
        return [JSON.stringify({ ...header, migrations: [...header.migrations, { hash: 'f'.repeat(64), createdAt: '1' }] }), ...lines.slice(1)];
      }, dataDirKey()),
    );
    const before = await withDatabase((database) => snapshot(database.db));
    const result = await run('restore', [newer]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Bu yedek Sofra'nın daha yeni bir sürümüyle alınmış");
    expect(await withDatabase((database) => snapshot(database.db))).toEqual(before);
  });

  it('refuses a damaged file before touching the database', async () => {
    const [name] = await listBackups(path.join(dataDir, 'backups'));
    const damaged = path.join(dataDir, 'bozuk.sofra-backup.gz');
    const bytes = fs.readFileSync(path.join(dataDir, 'backups', name));
    fs.writeFileSync(damaged, bytes.subarray(0, bytes.length - 9));
    const entries = fs.readdirSync(path.dirname(clusterDirOf(dataDir))).sort();
    const result = await run('restore', [damaged]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Yedek dosyası bozuk ya da eksik');
    expect(fs.readdirSync(path.dirname(clusterDirOf(dataDir))).sort()).toEqual(entries);
  });

  it('refuses a backup whose password hash was swapped and its checksum remade, or that another key signed, before touching the database', async () => {
    const genuine = fs.readFileSync(await firstBackup());
    const swap = (lines: string[]) => lines.map((l) => (l.startsWith('{"t":"users","r":') ? l.replace(/"password_hash": "[^"]+"/, '"password_hash": "scrypt$1024$8$1$ele$gecirildi"') : l));
    const forged = path.join(dataDir, 'degistirilmis.sofra-backup.gz');
    fs.writeFileSync(forged, '');
    const entries = clusterEntries();
    for (const [file, env] of [
      [rehash(genuine, swap), {}],
      [resign(genuine, swap, OTHER_BACKUP_KEY), {}],
      // SOFRA_BACKUP_KEY comes before the file: another key, so the genuine backup is refused too
      [genuine, { SOFRA_BACKUP_KEY: OTHER_BACKUP_KEY.toString('hex') }],
    ] as const) {
      fs.writeFileSync(forged, file);
      const result = await run('restore', [forged], env);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(BACKUP_MESSAGES.forged);
    }
    expect(clusterEntries()).toEqual(entries);
  });

  it('without the backup key (no key file, no SOFRA_BACKUP_KEY) refuses, saying where the key is expected; none is made', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sofra-anahtarsiz-'));
    try {
      const result = await run('restore', [await firstBackup()], { DATA_DIR: elsewhere });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(BACKUP_MESSAGES.noKey(backupKeyFile(elsewhere)));
      expect(result.stderr).toContain('SOFRA_BACKUP_KEY');
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('an old unsigned backup is refused without --imzasiz-yedegi-kabul-et, refused with it when its checksum is wrong, and restored with it', async () => {
    const old = asUnsignedBackup(fs.readFileSync(await firstBackup()));
    const file = path.join(dataDir, 'eski-imzasiz.sofra-backup.gz');
    fs.writeFileSync(file, old);
    const damaged = path.join(dataDir, 'eski-bozuk.sofra-backup.gz');
    const text = gunzipSync(old).toString('utf8');
    const edited = text.replace('"name": "Yedek Lokantası"', '"name": "Yedek Lokantasi"');
    expect(edited).not.toBe(text);
    fs.writeFileSync(damaged, gzipSync(edited));
    const entries = clusterEntries();
    const refused = await run('restore', [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(BACKUP_MESSAGES.unsigned);
    expect(refused.stderr).toContain('--imzasiz-yedegi-kabul-et');

    const wrongSum = await run('restore', ['--imzasiz-yedegi-kabul-et', damaged]);
    expect(wrongSum.code).toBe(1);
    expect(wrongSum.stderr.trim()).toBe(BACKUP_MESSAGES.corrupt);
    expect(clusterEntries()).toEqual(entries);

    const accepted = await run('restore', ['--imzasiz-yedegi-kabul-et', file]);
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('İmzasız eski yedek, --imzasiz-yedegi-kabul-et ile kabul edildi');
    expect(await withDatabase((database) => snapshot(database.db))).toEqual(backedUp);
  });

  it('with DATABASE_URL and no data directory, backs up only with SOFRA_BACKUP_KEY, and says how to set it', async () => {
    const nowhere = path.join(os.tmpdir(), `sofra-veri-yok-${randomUUID()}`);
    const file = path.join(dataDir, 'elle', 'sunucudan.sofra-backup.gz');
    await withDatabase(async () => {
      const env = { DATABASE_URL: runningEmbeddedUrls(dataDir)!.ownerUrl, DATA_DIR: nowhere };
      const refused = await run('backup', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(`Yedek alınamadı: ${BACKUP_MESSAGES.noKeyForBackup}`);
      expect(fs.existsSync(file)).toBe(false);
      const taken = await run('backup', [file], { ...env, SOFRA_BACKUP_KEY: TEST_BACKUP_KEY_HEX });
      expect(taken.stderr).toBe('');
      expect(taken.code).toBe(0);
      expect(taken.stdout).not.toContain('Yedek anahtarı oluşturuldu');
    });
    expect(fs.existsSync(nowhere)).toBe(false);
    await verifyBackup(readable(fs.readFileSync(file)), { key: TEST_BACKUP_KEY });
    await expect(verifyBackup(readable(fs.readFileSync(file)), { key: dataDirKey() })).rejects.toThrow(BACKUP_MESSAGES.forged);
  });
});

/** The same on a PostgreSQL server (DATABASE_URL), in the PostgreSQL run of the suite. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run backup / npm run restore with DATABASE_URL', () => {
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const names: string[] = [];
  const newDatabase = async () => {
    const name = `sofra_yedek_${randomUUID().replaceAll('-', '')}`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    names.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('restores into an empty database only, and never beside a running server', async () => {
    const sourceUrl = await newDatabase();
    const source = await openDatabase({ kind: 'postgres', url: sourceUrl });
    await restaurantFactory({ database: source }, 'Sunucudaki Lokanta');
    const before = await snapshot(source.db);
    await source.close();
    const file = path.join(dataDir, 'sunucu.sofra-backup.gz');
    const backup = await run('backup', [file], { DATABASE_URL: sourceUrl });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);

    const targetUrl = await newDatabase();
    // a server's pool on the target: its connections are named 'sofra'
    const server = new pg.Client({ connectionString: targetUrl, application_name: SERVER_APPLICATION_NAME });
    await server.connect();
    const refused = await run('restore', [file], { DATABASE_URL: targetUrl });
    await server.end();
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('Sofra çalışıyor; geri yüklemeden önce sunucuyu durdurun.');

    const restore = await run('restore', [file], { DATABASE_URL: targetUrl });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const target = await openDatabase({ kind: 'postgres', url: targetUrl, migrate: false });
    try {
      expect(await snapshot(target.db)).toEqual(before);
    } finally {
      await target.close();
    }

    const again = await run('restore', [file], { DATABASE_URL: targetUrl });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('Hedef veritabanı boş değil; geri yükleme yalnızca boş bir veritabanına yapılır.');
  });
});
