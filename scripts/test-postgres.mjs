// Runs the unit and API suites on Node 24 against a real PostgreSQL: TEST_DATABASE_URL, or the
// local server at 127.0.0.1:5432 when one answers. One run covers both lines the step before does
// not: the production driver (node-postgres, which the embedded default uses too) and the next
// Node LTS (scripts/node24.mjs). Without either it says loudly that this run did not happen; in
// CI (CI=true) that is a failure, never a silent pass.
import pg from 'pg';
import { vitestOnNode24 } from './node24.mjs';

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
console.log(`Birim ve API testleri Node 24 ile, PostgreSQL üzerinde: ${url.replace(/\/\/[^@]*@/, '//***@')}`);
process.exit(vitestOnNode24(process.argv.slice(2), { ...process.env, TEST_DATABASE_URL: url }));
