import { and, eq } from 'drizzle-orm';
import { dayCloses } from '../../db/schema';
import { createRestaurant, createTestApp, type TestContext } from '../../test-support/test-app';
import { behindTheBack as behindTheBackOf } from '../../test-support/behind-the-back';
import { GENESIS_HASH, billLinkHash } from './chain-hash';
import { DAY_CHAIN_MESSAGES, dayCloseDigest, verifyDayCloses } from './day-chain';

/*
 * The Gün Sonu chain (day-chain.ts) checked link by link on reports sealed here with the app's own
 * hash functions: each way one can be forged — a report sealed to the wrong predecessor, a seal
 * rewritten without its digest, several days deleted, the first day deleted — is named for what it
 * is, on the report where the chain breaks.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

type Row = typeof dayCloses.$inferSelect;
const cash = { openingFloat: 0, openingFloatSource: 'none', cashSales: 0, cashIn: 0, cashOut: 0, cashRefunds: 0, expected: 0, counted: 0, difference: 0 };
const summary = { gross: 0, discounts: 0, comps: 0, cancellations: 0, cancellationCount: 0, serviceCharge: 0, refunds: 0, net: 0, tips: 0, bills: 0, guests: 0, averageBill: 0, vat: [] };

/** The content of Gün Sonu `number`, on day 2026-01-0n, sealed after `prevHash`. */
function sealed(restaurantId: string, number: number, prevHash: string) {
  const businessDay = `2026-01-${String(number).padStart(2, '0')}`;
  const content = {
    restaurantId, number, businessDay, firstBillNumber: null, lastBillNumber: null, billCount: 0, openingFloatKurus: 0, cashSalesKurus: 0,
    cashInKurus: 0, cashOutKurus: 0, cashRefundsKurus: 0, expectedCashKurus: 0, countedCashKurus: number * 100, differenceKurus: number * 100,
    report: { fromDay: businessDay, summary, payments: [], refunds: [], cash, movements: [], openTickets: [] },
    note: null, closedBy: null, closedAt: new Date(`${businessDay}T20:00:00.000Z`), lastBillHash: null,
  };
  const digest = dayCloseDigest(content);
  return { ...content, prevHash, digest, hash: billLinkHash(prevHash, digest) };
}

/** A restaurant with Gün Sonu 1…n, each sealed to the one before. */
async function chainOf(n: number) {
  const r = await createRestaurant(ctx);
  let prev = GENESIS_HASH;
  for (let number = 1; number <= n; number++) {
    const row = sealed(r.id, number, prev);
    await db().insert(dayCloses).values(row);
    prev = row.hash;
  }
  return r.id;
}

const day = async (restaurantId: string, number: number) =>
  (await db().select().from(dayCloses).where(and(eq(dayCloses.restaurantId, restaurantId), eq(dayCloses.number, number))))[0] as Row;

/** Runs `change` with the append-only triggers of day_closes off, as the database's superuser could. */
const behindTheBack = (change: () => Promise<unknown>) => behindTheBackOf(db(), ['day_closes'], change, 'USER');
const deleteDays = (restaurantId: string, numbers: number[]) =>
  behindTheBack(async () => {
    for (const n of numbers) await db().delete(dayCloses).where(and(eq(dayCloses.restaurantId, restaurantId), eq(dayCloses.number, n)));
  });

it('holds a chain sealed link by link', async () => {
  const id = await chainOf(3);
  expect(await verifyDayCloses(db(), id)).toEqual({ days: 3, broken: null });
});

it('names the range of Gün Sonu numbers missing when two days in a row were deleted', async () => {
  const id = await chainOf(4);
  await deleteDays(id, [2, 3]);
  const { days, broken } = await verifyDayCloses(db(), id);
  expect(days).toBe(2);
  expect(broken).toMatchObject({ kind: 'day', dayNumber: 4, reason: 'Gün Sonu No 2–3 yok: silinmiş' });
});

it('catches the first Gün Sonu deleted, the chain then starting at number 2', async () => {
  const id = await chainOf(2);
  await deleteDays(id, [1]);
  expect((await verifyDayCloses(db(), id)).broken).toMatchObject({ dayNumber: 2, reason: DAY_CHAIN_MESSAGES.numberGap(1, 1) });
  expect(DAY_CHAIN_MESSAGES.numberGap(1, 1)).toBe('Gün Sonu No 1 yok: silinmiş');
});

it('catches a Gün Sonu sealed again, digest and seal recomputed, on another predecessor than the day before', async () => {
  const id = await chainOf(3);
  const second = await day(id, 2);
  // day 2 re-sealed as if it were the first: its own digest and seal hold, its link does not
  const forged = sealed(id, 2, GENESIS_HASH);
  await behindTheBack(() => db().update(dayCloses).set({ prevHash: forged.prevHash, hash: forged.hash }).where(eq(dayCloses.id, second.id)));
  const { broken } = await verifyDayCloses(db(), id);
  expect(broken).toMatchObject({ kind: 'day', dayNumber: 2, id: second.id, reason: DAY_CHAIN_MESSAGES.prevMismatch });
});

it('catches the seal of the last Gün Sonu rewritten while its content and digest still agree', async () => {
  const id = await chainOf(2);
  const last = await day(id, 2);
  await behindTheBack(() => db().update(dayCloses).set({ hash: 'a'.repeat(64) }).where(eq(dayCloses.id, last.id)));
  expect((await verifyDayCloses(db(), id)).broken).toMatchObject({ dayNumber: 2, reason: DAY_CHAIN_MESSAGES.hashMismatch });
});

it('catches a report changed and its digest recomputed, the seal left as it was', async () => {
  const id = await chainOf(2);
  const first = await day(id, 1);
  const changed = { ...sealed(id, 1, GENESIS_HASH), countedCashKurus: 999_999 };
  await behindTheBack(() => db().update(dayCloses).set({ countedCashKurus: 999_999, digest: dayCloseDigest(changed) }).where(eq(dayCloses.id, first.id)));
  expect((await verifyDayCloses(db(), id)).broken).toMatchObject({ dayNumber: 1, reason: DAY_CHAIN_MESSAGES.hashMismatch });
});

it('catches the first Gün Sonu sealed again after a predecessor that never existed', async () => {
  const id = await chainOf(2);
  const first = await day(id, 1);
  const forged = sealed(id, 1, 'b'.repeat(64));
  await behindTheBack(() => db().update(dayCloses).set({ prevHash: forged.prevHash, hash: forged.hash }).where(eq(dayCloses.id, first.id)));
  expect((await verifyDayCloses(db(), id)).broken).toMatchObject({ dayNumber: 1, id: first.id, reason: DAY_CHAIN_MESSAGES.prevMismatch });
});
