// The test files `npm test` runs a second time, on Node 24 against a PostgreSQL server
// (scripts/test-postgres.mjs): those whose outcome can differ from PGlite's. PGlite is PostgreSQL
// itself (the same SQL), but one connection in one process, with its own driver; a server has many
// connections, real locks and fsync, LISTEN/NOTIFY, roles, and node-postgres's type parsing.
// Every other file runs on PGlite only; `npm run test:deep` runs them all on both.
// src/server/postgres-suite.test.ts keeps every file that names the PostgreSQL run in this list.
export const POSTGRES_SUITE = [
  // the database itself: migrations and the demo seed, the app role's rights, the data-directory
  // lock, the append-only trigger, the WAL flush of an acknowledged write (strace)
  'src/server/db/',
  'src/server/app.test.ts',
  // the command pipeline: the restaurant's lock, batches, statements prepared per connection
  'src/server/lib/',
  // idempotency: leases and claims across connections, a crash between claim and answer
  'src/server/plugins/idempotency',
  // live events: LISTEN/NOTIFY fan-out between processes, the listening connection's recovery
  'src/server/modules/events/',
  // backups: pg_dump/restore of a server database and the daily job
  'src/server/backup-cli.test.ts',
  'src/server/modules/backups/',
  // the hash chains read back through the driver (jsonb, timestamps to the millisecond)
  'src/server/modules/audit-chain/',
  // numbers without gaps and refusals under concurrent writers
  'src/server/modules/bills/bill-numbers',
  'src/server/modules/day-close/',
  'src/server/modules/orders/tickets.routes.test.ts',
  // business days and months: date and timestamptz values as node-postgres parses them
  'src/server/modules/reports/',
  // counting limiters shared by concurrent requests
  'src/server/modules/auth/login-limit.test.ts',
  'src/server/modules/auth/shared-login-limiter.test.ts',
  'src/server/modules/devices/',
  // background work woken by a commit's notification: the platforms' outbox, kitchen slips in order
  'src/server/modules/online-orders/platform-follow.test.ts',
  'src/server/modules/printing/slip-order.routes.test.ts',
  'src/server/modules/printing/printing.routes.test.ts',
  // every route once more, for an answer that differs by driver
  'src/server/fuzz/',
];
