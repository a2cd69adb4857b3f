// Runs the API suite against a real PostgreSQL: TEST_DATABASE_URL, or the local server at
// 127.0.0.1:5432 when one answers. Without either it says loudly that this run did not happen; in
// CI (CI=true) that is a failure, never a silent pass.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const url = process.env.TEST_DATABASE_URL ?? LOCAL;
if (!(await reachable(url))) {
  console.warn(`\n!!! PostgreSQL'e (${url}) bağlanılamadı: API testleri PostgreSQL üzerinde ÇALIŞTIRILMADI.`);
  console.warn('!!! TEST_DATABASE_URL=postgres://... ile bir sunucu gösterin.\n');
  process.exit(process.env.CI ? 1 : 0);
}
console.log(`API testleri PostgreSQL üzerinde: ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
