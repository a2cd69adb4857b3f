// Kayıt bütünlüğü on a long history: `node bench/audit-chain.mjs` (no build needed: it bundles the
// server's audit-chain code with esbuild, as day-close.mjs does).
//   1. a fresh embedded PostgreSQL (the default database, a new DATA_DIR) migrated by openDatabase();
//   2. one restaurant with AUDIT_ROWS (100,000) chained audit rows, appended as commands append them
//      (appendAuditRows, 1,000 to a transaction);
//   3. the first check, which walks the whole chain (what GET …/audit-chain does after a start, and
//      what Baştan Denetle and `npm run verify-audit` always do);
//   4. RUNS checks from the checkpoint, each after 50 more rows were written: what the owner's
//      Denetle costs once the history was walked. Target (issue 35): ≤ 200 ms.
// Also runs on the PostgreSQL server at 127.0.0.1:5432 when one answers.
import { randomUUID } from 'node:crypto';
import { importServerModules, median, onEachOpenDatabase, printResult } from './lib.mjs';

const AUDIT_ROWS = Number(process.env.AUDIT_ROWS ?? 100_000);
const BATCH = 1000;
const RUNS = 20;
const NEW_ROWS = 50;
const TARGET_MS = 200;

const lib = await importServerModules('audit-chain', [
  "export { openDatabase } from './src/server/db/client.ts';",
  "export { runningEmbeddedUrls } from './src/server/db/embedded-postgres.ts';",
  "export { appendAuditRows } from './src/server/modules/audit-chain/append-audit.ts';",
  "export { checkChains } from './src/server/modules/audit-chain/verify.ts';",
  "export { restaurants } from './src/server/db/schema.ts';",
]);

const round = (n) => Math.round(n * 10) / 10;
const row = (i) => ({
  actorUserId: null,
  actorRole: 'waiter',
  approverUserId: null,
  action: i % 3 === 0 ? 'ticket.payment' : 'ticket.lines.add',
  entity: 'ticket',
  entityId: randomUUID(),
  before: null,
  after: { adet: 1 + (i % 3), ad: 'Adana Kebap', tutar: 42_000 + i },
  reason: null,
});

async function append(db, restaurantId, count) {
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    await db.transaction((tx) => lib.appendAuditRows(tx, restaurantId, Array.from({ length: n }, (_, k) => row(done + k))));
  }
}

async function benchOne(label, db) {
  const [r] = await db.insert(lib.restaurants).values({ name: 'Denetim Bench' }).returning();
  const t0 = performance.now();
  await append(db, r.id, AUDIT_ROWS);
  const writtenS = round((performance.now() - t0) / 1000);

  const t1 = performance.now();
  const first = await lib.checkChains(db, r.id, null);
  const fullMs = round(performance.now() - t1);
  if (first.report.firstBroken || first.report.auditRows !== AUDIT_ROWS) throw new Error(`first check: ${JSON.stringify(first.report)}`);

  let checkpoint = first.checkpoint;
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    await append(db, r.id, NEW_ROWS);
    const t = performance.now();
    const next = await lib.checkChains(db, r.id, checkpoint);
    times.push(performance.now() - t);
    if (next.report.firstBroken || !next.report.since) throw new Error(`check ${i + 1}: ${JSON.stringify(next.report)}`);
    checkpoint = next.checkpoint;
  }
  const result = { label, auditRows: AUDIT_ROWS, writtenS, fullMs, sinceMedianMs: round(median(times)), sinceMaxMs: round(Math.max(...times)), newRowsPerCheck: NEW_ROWS, runs: RUNS, targetMs: TARGET_MS };
  console.log(`${label}: ${AUDIT_ROWS} rows written in ${writtenS} s; first (whole) check ${fullMs} ms; from the checkpoint, ${NEW_ROWS} new rows: median ${result.sinceMedianMs} ms, max ${result.sinceMaxMs} ms (target ≤ ${TARGET_MS} ms: ${result.sinceMaxMs <= TARGET_MS ? 'OK' : 'not met'})`);
  return result;
}

const { results, postgresSkipped } = await onEachOpenDatabase(lib, benchOne);
printResult({ databases: results, postgresSkipped, id: randomUUID().slice(0, 8) });
