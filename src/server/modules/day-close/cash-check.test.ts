import { and, eq } from 'drizzle-orm';
import { cashMovements } from '../../db/schema';
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
