// Runs the unit + API suites (PGlite) on Node 24, the maintained LTS beside the Node 20 Sofra is
// developed on, so an incompatibility shows up in CI and not on a restaurant's PC.
//   node scripts/test-node24.mjs [extra vitest arguments]   (exit code = vitest's)
// The Node 24 binary comes from the npm registry only: the `node` package's preinstall script
// runs `npm install node-<platform>-<arch>@<version>`, whose tarball carries the binary itself (no
// download from nodejs.org). It is kept in <tmpdir>/sofra-node24 and reused while it is there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MAJOR = 24;
const prefix = path.join(os.tmpdir(), `sofra-node${MAJOR}`);
const binary = path.join(prefix, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

function binaryVersion() {
  if (!existsSync(binary)) return null;
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

function npmInstall(spec) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, spec], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return run.status === 0;
}

let version = binaryVersion();
if (!version?.startsWith(`v${MAJOR}.`)) {
  console.log(`Node ${MAJOR} npm kayıt defterinden kuruluyor: ${prefix}`);
  if (!npmInstall(`node@${MAJOR}`)) {
    console.error(`node@${MAJOR} kurulamadı.`);
    process.exit(1);
  }
  version = binaryVersion();
}
if (!version?.startsWith(`v${MAJOR}.`)) {
  // With install scripts disabled (ignore-scripts) the package arrives without its binary.
  console.error(`Node ${MAJOR} ikili dosyası bulunamadı (${binary}); npm kurulum betikleri kapalı olabilir.`);
  process.exit(1);
}
console.log(`Node sürümü: ${version} (${binary})`);

// PGlite only: a CI-exported TEST_DATABASE_URL would move the API suite to PostgreSQL.
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
// the route fuzzer's full count runs on Node 20; here it checks the same routes with fewer requests
env.FUZZ_RUNS ??= '25';
// Child processes started by the tests (`process.execPath`) run on the same binary; `node` on the
// PATH does too, for the few that spawn it by name.
env.PATH = `${path.dirname(binary)}${path.delimiter}${env.PATH ?? ''}`;
const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(binary, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
