// Satış Raporları on a year of a busy restaurant: `node bench/reports.mjs` (no build needed: it
// bundles the server's report code with esbuild, as embedded-database.mjs does).
//   1. a fresh database — the embedded default (gömülü PostgreSQL in a new DATA_DIR) and a throw-away
//      database on the PostgreSQL server at 127.0.0.1:5432 — migrated by the server's openDatabase();
//   2. bench/year-generator.mjs writes a year (≥ 120,000 bills, ≥ 500,000 lines) straight in SQL;
//   3. the server's one-time backfill (backfillSalesFigures, what start-up runs for bills closed before
//      migration 0013) writes the per-day figures — timed;
//   4. the report for the last full month and for the whole year, 3 warm-up runs then 20 timed, p95:
//      each run is what GET …/reports/sales does after routing — salesReport() (its queries and the
//      assembly) plus the response schema's parse and JSON.stringify (the route's serializer);
//   5. EXPLAIN (ANALYZE, BUFFERS) of the two main queries over the year, key lines kept.
// Targets (issue 23): month ≤ 150 ms and year ≤ 300 ms on the embedded default, ≤ 100 / 200 ms on the server.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { importServerModules, onEachOpenDatabase, printResult } from './lib.mjs';
import { generateYear } from './year-generator.mjs';

const RUNS = 20;
const WARMUP = 3;
const DAYS = Number(process.env.REPORTS_DAYS ?? 365);
const TARGETS = { embedded: { month: 150, year: 300 }, postgres: { month: 100, year: 200 } };

const lib = await importServerModules('reports', [
  "export { openDatabase } from './src/server/db/client.ts';",
  "export { runningEmbeddedUrls } from './src/server/db/embedded-postgres.ts';",
  "export { computeBill } from './src/shared/bill-math.ts';",
  "export { salesReport, salesGroupsQuery, salesHoursQuery } from './src/server/modules/reports/sales-report.service.ts';",
  "export { backfillSalesFigures } from './src/server/modules/reports/sales-backfill.ts';",
  "export { salesReportResponse } from './src/shared/reports-contract.ts';",
  "export { sql } from 'drizzle-orm';",
]);

const p95 = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};
const round = (n) => Math.round(n * 10) / 10;
const rowsOf = (r) => r.rows ?? r;

function lastFullMonth(to) {
  const [y, m] = to.split('-').map(Number);
  const end = new Date(Date.UTC(y, m - 1, 0)); // the last day of the month before `to`'s
  return { from: `${end.toISOString().slice(0, 7)}-01`, to: end.toISOString().slice(0, 10) };
}

async function timeReport(db, restaurantId, from, to) {
  const times = [];
  let last;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    const report = await lib.salesReport(db, restaurantId, from, to);
    const body = JSON.stringify(lib.salesReportResponse.parse(report));
    const ms = performance.now() - t0;
    if (i >= WARMUP) times.push(ms);
    last = { report, bytes: body.length };
  }
  return { p95Ms: round(p95(times)), medianMs: round([...times].sort((a, b) => a - b)[RUNS >> 1]), maxMs: round(Math.max(...times)), bytes: last.bytes, bills: last.report.summary.bills };
}

/** The plan's key lines: the top node, index use, sorts/aggregates, and the times. */
function keyLines(plan) {
  return plan
    .map((r) => r['QUERY PLAN'])
    .filter((l) => /^\S|Index|Seq Scan|Aggregate|Sort Method|Execution Time|Planning Time|Bitmap/.test(l.trim()) && !/^\s*Buffers/.test(l))
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .slice(0, 14);
}

async function benchOne(label, db, ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  console.log(`\n[${label}] generating ${DAYS} days…`);
  const year = await generateYear(client, { computeBill: lib.computeBill, days: DAYS });
  console.log(`[${label}] ${year.bills} bills, ${year.lines} lines, ${year.payments} payments, ${year.audit} audit rows in ${year.seconds} s`);
  const t0 = performance.now();
  const backfilled = await lib.backfillSalesFigures(db);
  const backfillS = round((performance.now() - t0) / 1000);
  await client.query('analyze sales_day_figures');
  const figureRows = Number((await client.query('select count(*) from sales_day_figures where restaurant_id = $1', [year.restaurantId])).rows[0].count);
  console.log(`[${label}] backfill: ${backfilled} bills in ${backfillS} s → ${figureRows} sales_day_figures rows`);

  const month = lastFullMonth(year.to);
  const monthRun = await timeReport(db, year.restaurantId, month.from, month.to);
  const yearRun = await timeReport(db, year.restaurantId, year.from, year.to);
  console.log(`[${label}] month ${month.from}…${month.to}: p95 ${monthRun.p95Ms} ms (median ${monthRun.medianMs}, ${monthRun.bills} bills, ${monthRun.bytes} B)`);
  console.log(`[${label}] year ${year.from}…${year.to}: p95 ${yearRun.p95Ms} ms (median ${yearRun.medianMs}, ${yearRun.bills} bills, ${yearRun.bytes} B)`);

  const explain = async (query) => keyLines(rowsOf(await db.execute(lib.sql`explain (analyze, buffers) ${query}`)));
  const plans = {
    groups: await explain(lib.salesGroupsQuery(year.restaurantId, year.from, year.to)),
    hours: await explain(lib.salesHoursQuery(year.restaurantId, year.from, year.to)),
    exceptionsCount: await explain(
      lib.sql`select count(*) from audit_events a where a.restaurant_id = ${year.restaurantId} and a.created_at >= ${`${year.from}T02:00:00Z`} and a.created_at < ${`${year.to}T02:00:00Z`}
        and a.action in ('ticket.discount', 'ticket.line.discount', 'ticket.line.comp', 'ticket.line.cancel', 'ticket.reopen')`,
    ),
  };
  for (const [name, lines] of Object.entries(plans)) console.log(`[${label}] plan ${name}:\n    ${lines.join('\n    ')}`);
  await client.end();
  const target = TARGETS[label === 'gömülü PostgreSQL' ? 'embedded' : 'postgres'];
  return { database: label, data: { ...year, backfilled, backfillS, figureRows }, month: { ...month, ...monthRun, targetMs: target.month }, year: { from: year.from, to: year.to, ...yearRun, targetMs: target.year }, plans };
}

const { results, postgresSkipped } = await onEachOpenDatabase(lib, benchOne);

const failed = results.some((r) => r.month.p95Ms > r.month.targetMs || r.year.p95Ms > r.year.targetMs);
printResult({ runs: RUNS, warmup: WARMUP, days: DAYS, databases: results, postgresSkipped, id: randomUUID().slice(0, 8) });
if (failed) console.log('\nAt least one p95 is over its target.');
