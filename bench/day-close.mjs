// Gün Sonu of a day with 1,000 bills: `node bench/day-close.mjs` (no build needed: it bundles the
// server's day-close code with esbuild, as reports.mjs does).
//   1. a fresh embedded PostgreSQL (the default database, a new DATA_DIR) migrated by openDatabase();
//   2. one restaurant with 23 business days of 1,000 closed bills each (3 lines per bill, half paid
//      in cash with change, half by card), a few Kasa movements and İade records per day, written in SQL;
//   3. each day closed in turn — 3 warm-up closes, then 20 timed — by what POST …/days/close does after
//      routing: closeDay() in runCommand (restaurant lock, figures of the 1,000 bills through the bill
//      maths, sealing, audit row) and then readDay() and the response schema's parse + JSON.stringify;
//   4. p95 / median / max. Target (issue 23): ≤ 2 s.
// Also runs on the PostgreSQL server at 127.0.0.1:5432 when one answers.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { importServerModules, onEachOpenDatabase, printResult } from './lib.mjs';

const RUNS = 20;
const WARMUP = 3;
const BILLS = Number(process.env.DAY_CLOSE_BILLS ?? 1000);
const TARGET_MS = 2000;

const lib = await importServerModules('day-close', [
  "export { openDatabase } from './src/server/db/client.ts';",
  "export { runningEmbeddedUrls } from './src/server/db/embedded-postgres.ts';",
  "export { runCommand } from './src/server/lib/command.ts';",
  "export { commandHooks } from './src/server/command-hooks.ts';",
  "export { closeDay } from './src/server/modules/day-close/day-close-commands.ts';",
  "export { readDay } from './src/server/modules/day-close/day-close-read.service.ts';",
  "export { dayCloseReport } from './src/shared/day-close-contract.ts';",
]);

const round = (n) => Math.round(n * 10) / 10;
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const dayOf = (i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);

/** 23 days × BILLS closed bills, straight in SQL (generate_series), with lines, payments, movements and refunds. */
async function generate(client) {
  const t0 = performance.now();
  const { rows: [r] } = await client.query(`insert into restaurants (name) values ('Gün Sonu Bench') returning id`);
  const { rows: [u] } = await client.query(`insert into users (email, name, password_hash) values ($1, 'Bench Owner', 'x') returning id`, [`bench-${randomUUID()}@bench.local`]);
  const days = WARMUP + RUNS;
  await client.query(
    `insert into tickets (restaurant_id, number, type, status, guests, bill_number, opened_at, closed_at, business_day, closed_by)
     select $1::uuid, n, 'takeaway', 'closed', 1 + n % 4, n, d.start + (n % $2::int) * interval '40 seconds', d.start + (n % $2::int) * interval '40 seconds' + interval '30 minutes',
            d.day, $3::uuid
     from generate_series(1, $2::int * $4::int) n
     cross join lateral (select ('2026-01-01'::date + ((n - 1) / $2::int)::int) as day,
                                (('2026-01-01'::date + ((n - 1) / $2::int)::int) + time '09:00') at time zone 'Europe/Istanbul' as start) d`,
    [r.id, BILLS, u.id, days],
  );
  await client.query(
    `insert into ticket_lines (restaurant_id, ticket_id, name, unit_price_kurus, quantity, vat_rate, station, status, sort_order)
     select t.restaurant_id, t.id, 'Yemek ' || k, 5000 + k * 1750, 1 + (t.number + k) % 3, case when k = 3 then 20 else 10 end, 'Mutfak', 'served', k
     from tickets t cross join generate_series(1, 3) k where t.restaurant_id = $1`,
    [r.id],
  );
  await client.query(
    `insert into payments (restaurant_id, ticket_id, method, amount_kurus, change_kurus, tip_kurus, created_at)
     select t.restaurant_id, t.id, case when t.number % 2 = 0 then 'cash' else 'card' end, s.total,
            case when t.number % 2 = 0 then 1000 else 0 end, case when t.number % 10 = 0 then 500 else 0 end, t.closed_at
     from tickets t join (select ticket_id, sum(unit_price_kurus * quantity)::int total from ticket_lines group by ticket_id) s on s.ticket_id = t.id
     where t.restaurant_id = $1`,
    [r.id],
  );
  await client.query(
    `insert into cash_movements (restaurant_id, business_day, kind, amount_kurus, reason, created_by)
     select $1, '2026-01-01'::date + i, k.kind, k.amount, k.reason, $2
     from generate_series(0, $3::int - 1) i cross join (values ('opening', 50000, ''), ('in', 20000, 'Bozuk para'), ('out', 7500, 'Ekmek')) k(kind, amount, reason)`,
    [r.id, u.id, days],
  );
  // five İade records a day, of a bill of the day before (one line, one unit)
  await client.query(
    `with picked as (
       select t.id ticket_id, t.business_day + 1 as day, l.id line_id, l.name, l.vat_rate, l.unit_price_kurus amount
       from tickets t join ticket_lines l on l.ticket_id = t.id and l.sort_order = 1
       where t.restaurant_id = $1 and t.bill_number % $2::int in (1, 2, 3, 4, 5) and t.business_day < '2026-01-01'::date + $3::int - 1),
     made as (
       insert into refunds (restaurant_id, ticket_id, business_day, method, amount_kurus, reason, created_by, approved_by)
       select $1, ticket_id, day, 'cash', amount, 'Bench', $4, $4 from picked returning id, ticket_id)
     insert into refund_lines (refund_id, restaurant_id, line_id, name, quantity, amount_kurus, vat_rate)
     select m.id, $1, p.line_id, p.name, 1, p.amount, p.vat_rate from made m join picked p on p.ticket_id = m.ticket_id`,
    [r.id, BILLS, days, u.id],
  );
  await client.query(`update restaurants set last_bill_number = $2 where id = $1`, [r.id, BILLS * days]);
  await client.query('analyze');
  return { restaurantId: r.id, ownerId: u.id, days, seconds: round((performance.now() - t0) / 1000) };
}

async function benchOne(label, db, ownerUrl) {
  const client = new pg.Client({ connectionString: ownerUrl });
  // the database closing under it (after an error below) must not hide that error
  client.on('error', () => {});
  await client.connect();
  const data = await generate(client).catch((err) => {
    console.error(`[${label}] generating failed:`, err.message);
    throw err;
  });
  console.log(`[${label}] ${data.days} days × ${BILLS} bills generated in ${data.seconds} s`);
  const hub = { publish() {}, endSessions() {} };
  const hooks = lib.commandHooks();
  const actor = { restaurantId: data.restaurantId, userId: data.ownerId, role: 'owner' };
  const times = [];
  let last;
  for (let i = 0; i < data.days; i++) {
    // 23:30 Istanbul on day i: the server clock of the close
    const now = new Date(`${dayOf(i)}T20:30:00Z`);
    const t0 = performance.now();
    const number = await lib.runCommand({ db, hub, commandHooks: hooks }, actor, (c) => lib.closeDay(c, { countedCash: 1_000_000 }, now));
    const report = await lib.readDay(db, data.restaurantId, number);
    const body = JSON.stringify(lib.dayCloseReport.parse(report));
    const ms = performance.now() - t0;
    if (i >= WARMUP) times.push(ms);
    last = { report, bytes: body.length };
  }
  await client.end();
  const sorted = [...times].sort((a, b) => a - b);
  const result = {
    database: label,
    bills: last.report.summary.bills,
    refunds: last.report.refunds.length,
    p95Ms: round(p95(times)),
    medianMs: round(sorted[RUNS >> 1]),
    maxMs: round(sorted.at(-1)),
    bytes: last.bytes,
    targetMs: TARGET_MS,
  };
  console.log(`[${label}] Gün Sonu of ${result.bills} bills: p95 ${result.p95Ms} ms (median ${result.medianMs}, max ${result.maxMs}, ${result.bytes} B) — target ≤ ${TARGET_MS} ms`);
  return result;
}

const { results, postgresSkipped } = await onEachOpenDatabase(lib, benchOne);

printResult({ runs: RUNS, warmup: WARMUP, billsPerDay: BILLS, databases: results, postgresSkipped, id: randomUUID().slice(0, 8) });
if (results.some((r) => r.p95Ms > r.targetMs)) console.log('\nAt least one p95 is over its target.');
