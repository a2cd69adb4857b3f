// The one test command: type check, unit + API on PGlite (Node 20), unit + API on PostgreSQL (Node 24),
// build, two server processes on one PostgreSQL, crash faults
// (kill -9 under load, on the embedded default and on PostgreSQL), browser e2e.
// The machine is made ready first (scripts/test-setup.mjs): Chromium, the local PostgreSQL.
import { spawnSync } from 'node:child_process';
import { prepareTestMachine } from './test-setup.mjs';

if (!(await prepareTestMachine())) process.exit(1);

const steps = [
  ['Tür denetimi', ['npm', 'run', 'typecheck']],
  ['Birim ve API testleri (PGlite)', ['npx', 'vitest', 'run']],
  ['Birim ve API testleri (Node 24, PostgreSQL)', ['node', 'scripts/test-postgres.mjs']],
  ['Derleme', ['npm', 'run', 'build']],
  ['İki sunucu, bir PostgreSQL (LISTEN/NOTIFY)', ['node', 'scripts/test-multi-server.mjs']],
  ['Çökme testleri (kill -9, gömülü PostgreSQL ve PostgreSQL)', ['node', 'scripts/test-faults.mjs']],
  ['Tarayıcı uçtan uca testleri (Chromium)', ['npx', 'playwright', 'test']],
];
for (const [title, [cmd, ...args]] of steps) {
  console.log(`\n=== ${title} ===`);
  const env = { ...process.env };
  // The PGlite run must stay on PGlite even when CI exports TEST_DATABASE_URL.
  if (title.includes('PGlite')) delete env.TEST_DATABASE_URL;
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (status !== 0) {
    console.error(`\n${title} başarısız (çıkış kodu ${status}).`);
    process.exit(status ?? 1);
  }
}
console.log('\nTüm test adımları geçti.');
