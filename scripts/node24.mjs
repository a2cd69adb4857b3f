// Node 24, the maintained LTS beside the Node 20 Sofra is developed on, for the test runs that
// must show an incompatibility in CI and not on a restaurant's PC.
// The binary comes from the npm registry only: the `node` package's preinstall script runs
// `npm install node-<platform>-<arch>@<version>`, whose tarball carries the binary itself (no
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

/** The Node 24 binary, installed first when it is missing; null (said why) when it cannot be. */
export function node24Binary() {
  let version = binaryVersion();
  if (!version?.startsWith(`v${MAJOR}.`)) {
    console.log(`Node ${MAJOR} npm kayıt defterinden kuruluyor: ${prefix}`);
    if (!npmInstall(`node@${MAJOR}`)) {
      console.error(`node@${MAJOR} kurulamadı.`);
      return null;
    }
    version = binaryVersion();
  }
  if (!version?.startsWith(`v${MAJOR}.`)) {
    // With install scripts disabled (ignore-scripts) the package arrives without its binary.
    console.error(`Node ${MAJOR} ikili dosyası bulunamadı (${binary}); npm kurulum betikleri kapalı olabilir.`);
    return null;
  }
  console.log(`Node sürümü: ${version} (${binary})`);
  return binary;
}

/** Runs `vitest run <args>` on Node 24 with `env`; the exit code is Vitest's (1 without Node 24). */
export function vitestOnNode24(args, env) {
  const node = node24Binary();
  if (!node) return 1;
  // Child processes started by the tests (`process.execPath`) run on the same binary; `node` on the
  // PATH does too, for the few that spawn it by name.
  const withNode = { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}` };
  const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
  return spawnSync(node, [vitest, 'run', ...args], { stdio: 'inherit', env: withNode }).status ?? 1;
}
