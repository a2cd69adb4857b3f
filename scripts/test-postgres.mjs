// Runs the API suite against a real PostgreSQL. CI always sets TEST_DATABASE_URL; without it this
// says loudly that the PostgreSQL run did not happen (it is never counted as passed).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.warn('\n!!! TEST_DATABASE_URL yok: API testleri PostgreSQL üzerinde ÇALIŞTIRILMADI (yalnızca PGlite).\n');
  process.exit(process.env.CI ? 1 : 0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit', env: process.env });
process.exit(run.status ?? 1);
