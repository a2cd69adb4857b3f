// The unit + API suites on Node 24 and in-memory PGlite, for a developer's machine without a
// PostgreSQL server (CI runs them on Node 24 against PostgreSQL: scripts/test-postgres.mjs).
//   node scripts/test-node24.mjs [extra vitest arguments]   (exit code = vitest's)
import { vitestOnNode24 } from './node24.mjs';

const env = { ...process.env };
delete env.TEST_DATABASE_URL; // PGlite only
// the route fuzzer's full count runs on Node 20; here it checks the same routes with fewer requests
env.FUZZ_RUNS ??= '25';
process.exit(vitestOnNode24(process.argv.slice(2), env));
