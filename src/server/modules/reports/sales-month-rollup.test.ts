import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { migrationsFolder } from '../../db/client';
import { addDays, daysInRange } from '../../../shared/domain/calendar';
import { createTestApp, createRestaurant, type TestContext } from '../../test-support/test-app';
import { FIGURE_COLUMNS, applyFigures, type FigureRow } from './sales-figures';
import { monthSpan, salesReport } from './sales-report.service';

/**
 * The month roll-up (migration 0015) must change how fast a long period is read, never what it
 * says: a period's report equals the sum of its days' reports, whatever full months and partial
 * edges it holds, after sums and take-backs (a reopen's negative figures) landed on any days.
 */

let ctx: TestContext;
let restaurantId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  restaurantId = (await createRestaurant(ctx)).id;
});
afterAll(() => ctx.close());

describe('monthSpan', () => {
  it.each([
    ['2026-01-01', '2026-01-31', { first: '2026-01-01', last: '2026-01-01', lastDay: '2026-01-31' }],
    ['2026-01-15', '2026-04-10', { first: '2026-02-01', last: '2026-03-01', lastDay: '2026-03-31' }],
    ['2024-02-01', '2024-02-29', { first: '2024-02-01', last: '2024-02-01', lastDay: '2024-02-29' }],
    ['2025-12-02', '2026-12-31', { first: '2026-01-01', last: '2026-12-01', lastDay: '2026-12-31' }],
    ['2026-01-02', '2026-01-31', null],
    ['2026-01-01', '2026-01-30', null],
    ['2026-01-15', '2026-02-14', null],
  ])('%s..%s', (from, to, span) => expect(monthSpan(from, to)).toEqual(span));
});

const START = '2026-01-20';
const DAYS = 75; // to early April: two full months and two partial ones
const day = fc.integer({ min: 0, max: DAYS - 1 }).map((i) => addDays(START, i));
const amount = fc.integer({ min: 1, max: 500_00 });
const rowArb: fc.Arbitrary<FigureRow> = fc.oneof(
  fc.record({ dim: fc.constant('hour' as const), day, key: fc.integer({ min: 0, max: 23 }).map(String), label: fc.constant(''), extra: fc.constant(''), values: fc.record({ bills: fc.constant(1), net: amount, gross: amount }) }),
  fc.record({ dim: fc.constant('type' as const), day, key: fc.constantFrom('dine_in', 'takeaway'), label: fc.constant(''), extra: fc.constant(''), values: fc.record({ bills: fc.constant(1), net: amount, gross: amount }) }),
  fc
    .record({ day, name: fc.constantFrom('Ayran', 'Lahmacun', 'Künefe'), values: fc.record({ quantity: fc.integer({ min: 1, max: 9 }), net: amount }) })
    .map(({ day, name, values }) => ({ dim: 'item' as const, day, key: `name:${name}`, label: name, extra: '', values })),
  fc.record({ dim: fc.constant('payment' as const), day, key: fc.constantFrom('cash|', 'card|', 'meal_card|Multinet'), label: fc.constant(''), extra: fc.constant(''), values: fc.record({ net: amount, tips: fc.integer({ min: 0, max: 50_00 }), payment_count: fc.constant(1) }) }),
  fc.record({ dim: fc.constant('vat' as const), day, key: fc.constantFrom('1', '10', '20'), label: fc.constant(''), extra: fc.constant(''), values: fc.record({ net: amount, vat: fc.integer({ min: 0, max: 50_00 }) }) }),
);

/** What a report says, as plain sums that add up over days. */
function sumsOf(reports: Awaited<ReturnType<typeof salesReport>>[]) {
  const out = new Map<string, number>();
  const add = (k: string, v: number) => v !== 0 && out.set(k, (out.get(k) ?? 0) + v);
  for (const r of reports) {
    for (const k of ['bills', 'gross', 'net'] as const) add(`summary.${k}`, r.summary[k]);
    for (const v of r.summary.vat) add(`vat.${v.rate}`, v.tax);
    for (const d of r.byDay) add(`day.${d.day}`, d.net);
    for (const h of r.byHour) add(`hour.${h.weekday}|${h.hour}`, h.net);
    for (const i of r.byItem) add(`item.${i.name}`, i.quantity * 1e6 + i.revenue);
    for (const p of r.payments) add(`payment.${p.label}`, p.amount);
    for (const t of r.byType) add(`type.${t.type}`, t.net);
  }
  return Object.fromEntries([...out].filter(([, v]) => v !== 0).sort());
}

it('a period read through the month roll-up says what its days say, one by one', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(rowArb, { minLength: 1, maxLength: 40 }),
      fc.array(rowArb, { maxLength: 10 }),
      fc.integer({ min: 0, max: DAYS - 1 }),
      fc.integer({ min: 0, max: DAYS - 1 }),
      async (added, takenBack, a, b) => {
        await ctx.database.db.execute(`delete from sales_day_figures where restaurant_id = '${restaurantId}'`);
        await applyFigures(ctx.database.db, restaurantId, added, 1);
        await applyFigures(ctx.database.db, restaurantId, takenBack, -1);
        const from = addDays(START, Math.min(a, b));
        const to = addDays(START, Math.max(a, b));
        const whole = await salesReport(ctx.database.db, restaurantId, from, to);
        const days = await Promise.all(Array.from({ length: daysInRange(from, to) }, (_, i) => addDays(from, i)).map((d) => salesReport(ctx.database.db, restaurantId, d, d)));
        expect(sumsOf([whole])).toEqual(sumsOf(days));
      },
    ),
    { numRuns: 8 },
  );
});

it('the whole range at once, with its two full months, equals its days', async () => {
  await ctx.database.db.execute(`delete from sales_day_figures where restaurant_id = '${restaurantId}'`);
  const rows = fc.sample(rowArb, { numRuns: 300, seed: 42 });
  await applyFigures(ctx.database.db, restaurantId, rows, 1);
  const to = addDays(START, DAYS - 1);
  expect(monthSpan(START, to)).not.toBeNull();
  const whole = await salesReport(ctx.database.db, restaurantId, START, to);
  const days = await Promise.all(Array.from({ length: DAYS }, (_, i) => salesReport(ctx.database.db, restaurantId, addDays(START, i), addDays(START, i))));
  expect(sumsOf([whole])).toEqual(sumsOf(days));
  expect(whole.summary.net).toBeGreaterThan(0);
});

it("migration 0015's one-time fill writes the month rows the commands keep", async () => {
  const db = ctx.database.db;
  await db.execute(`delete from sales_day_figures where restaurant_id = '${restaurantId}'`);
  await applyFigures(db, restaurantId, fc.sample(rowArb, { numRuns: 200, seed: 7 }), 1);
  const monthRows = async () =>
    (
      (await db.execute(
        `select dim, to_char(business_day, 'YYYY-MM-DD') as day, key, label, ${FIGURE_COLUMNS.join(', ')} from sales_day_figures
         where restaurant_id = '${restaurantId}' and dim like 'month:%' order by dim, business_day, key`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  const kept = await monthRows();
  expect(kept.length).toBeGreaterThan(20);
  await db.execute(`delete from sales_day_figures where restaurant_id = '${restaurantId}' and dim like 'month:%'`);
  await db.execute(readFileSync(path.join(migrationsFolder(), '0015_sales_month_figures.sql'), 'utf8'));
  expect(await monthRows()).toEqual(kept);
});
