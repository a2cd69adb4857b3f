import { and, eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { cashMovements, refunds } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';
import { checkCashRecords } from './cash-check';

/*
 * Each Kasa hareketi is held to its audit row (cash-check.ts): its amount, its day and its kind. A
 * Kasa çıkışı rewritten as a Kasa girişi keeps its amount but turns the expected cash by twice it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

it('catch a Kasa çıkışı rewritten as a Kasa girişi, its amount and day untouched', async () => {
  const f = await billsFixture(ctx);
  const owner = f.api(f.restaurant.owner);
  expect((await owner.call('POST', '/cash-movements', { kind: 'out', amount: 3_000, reason: 'Ekmek alındı' })).statusCode).toBe(201);
  expect(await checkCashRecords(db(), f.restaurant.id)).toBeNull();
  await db().update(cashMovements).set({ kind: 'in' }).where(and(eq(cashMovements.restaurantId, f.restaurant.id), eq(cashMovements.kind, 'out')));
  expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toMatch(/Kasa hareketi denetim kaydındakiyle uyuşmuyor/);
});

describe('every other field of a Kasa hareketi and of an İade, held to its audit row', () => {
  const movement = async () => {
    const f = await billsFixture(ctx);
    const owner = f.api(f.restaurant.owner);
    expect((await owner.call('POST', '/cash-movements', { kind: 'in', amount: 5_000, reason: 'Bozuk para' })).statusCode).toBe(201);
    expect(await checkCashRecords(db(), f.restaurant.id)).toBeNull();
    return f;
  };
  const mismatch = /Kasa hareketi denetim kaydındakiyle uyuşmuyor/;

  it('catch a Kasa hareketi whose amount was changed', async () => {
    const f = await movement();
    await db().update(cashMovements).set({ amountKurus: 50_000 }).where(eq(cashMovements.restaurantId, f.restaurant.id));
    expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toMatch(mismatch);
  });

  it('catch a Kasa hareketi moved to another business day', async () => {
    const f = await movement();
    await db().update(cashMovements).set({ businessDay: '2020-01-01' }).where(eq(cashMovements.restaurantId, f.restaurant.id));
    expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toMatch(mismatch);
  });

  it('catch a Kasa hareketi slipped in with no audit row, naming its amount', async () => {
    const f = await movement();
    const [row] = await db().select().from(cashMovements).where(eq(cashMovements.restaurantId, f.restaurant.id));
    const { id: _id, ...copy } = row;
    await db().insert(cashMovements).values({ ...copy, amountKurus: 123_450 });
    expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toBe('Kasa hareketi (1.234,5 TL) denetim kaydında yok: uygulamanın dışından eklenmiş');
  });

  const refunded = async () => {
    const f = await billsFixture(ctx);
    await f.setSettings({ paymentMethods: ['cash', 'card'] });
    const t = await f.sentTicket({ ezogelin: 2 });
    const paid = await f.bills().pay(t, { method: 'card', amount: t.totals.remaining });
    expect(paid.statusCode, paid.body).toBe(200);
    const closed = await f.bills().close(paid.json() as Ticket);
    expect(closed.statusCode, closed.body).toBe(200);
    const bill = (closed.json() as { ticket: Ticket }).ticket;
    const res = await f.api(f.restaurant.owner).call('POST', `/bills/${bill.id}/refunds`, { lines: [{ lineId: bill.lines[0].id, quantity: 1 }], method: 'card', reason: 'Soğuk geldi' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await checkCashRecords(db(), f.restaurant.id)).toBeNull();
    return f;
  };
  const refundMismatch = 'İade denetim kaydındakiyle uyuşmuyor: tutarı, yöntemi ya da günü değiştirilmiş';

  it('catch an İade given by card rewritten as given in cash (the drawer would then owe it)', async () => {
    const f = await refunded();
    await db().update(refunds).set({ method: 'cash' }).where(eq(refunds.restaurantId, f.restaurant.id));
    expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toBe(refundMismatch);
  });

  it('catch an İade whose amount or day was changed', async () => {
    const f = await refunded();
    const [row] = await db().select().from(refunds).where(eq(refunds.restaurantId, f.restaurant.id));
    await db().update(refunds).set({ amountKurus: row.amountKurus + 1 }).where(eq(refunds.id, row.id));
    expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toBe(refundMismatch);
    await db().update(refunds).set({ amountKurus: row.amountKurus, businessDay: '2020-01-01' }).where(eq(refunds.id, row.id));
    expect((await checkCashRecords(db(), f.restaurant.id))?.reason).toBe(refundMismatch);
    await db().update(refunds).set({ businessDay: row.businessDay }).where(eq(refunds.id, row.id));
    expect(await checkCashRecords(db(), f.restaurant.id)).toBeNull();
  });
});
