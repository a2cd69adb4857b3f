import { eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { tickets } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { behindTheBack } from '../../test-support/behind-the-back';
import { billsFixture } from '../bills/bills-test-kit';
import { CHAIN_MESSAGES, verifyChains } from './verify';

/*
 * A closed bill whose seal (bill_hash) was set NULL behind the application's back must not pass as
 * a bill from before the chain existed: once a bill of the restaurant is sealed, every later closed
 * bill has to be (verify.ts, what `npm run verify-audit` and Kayıt bütünlüğü run). The last bill
 * matters most: no bill after it would notice the missing link.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

/** Three sealed bills, No 1 to 3, paid by card. */
async function threeBills() {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const bills: Ticket[] = [];
  for (let i = 0; i < 3; i++) {
    const t = await f.sentTicket({ ezogelin: i + 1 });
    const paid = await f.bills().pay(t, { method: 'card', amount: t.totals.remaining });
    expect(paid.statusCode, paid.body).toBe(200);
    const closed = await f.bills().close(paid.json() as Ticket);
    expect(closed.statusCode, closed.body).toBe(200);
    bills.push((closed.json() as { ticket: Ticket }).ticket);
  }
  expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toBeNull();
  return { f, bills };
}

/** Sets a bill's seal to NULL with the tickets' triggers off, as the database's owner could. */
const unseal = (ticketId: string) => behindTheBack(db(), ['tickets'], () => db().update(tickets).set({ billHash: null }).where(eq(tickets.id, ticketId)));

describe('verify-audit on a closed bill whose hash was set NULL', () => {
  it('names the last bill unsealed, though no bill comes after it', async () => {
    const { f, bills } = await threeBills();
    await unseal(bills[2].id);
    const report = await verifyChains(db(), f.restaurant.id);
    expect(report.firstBroken).toEqual({ kind: 'bill', seq: null, billNumber: 3, id: bills[2].id, reason: CHAIN_MESSAGES.billUnsealed });
    expect(report.billsBeforeChain).toBe(0);
  });

  it('names a bill in the middle unsealed, not the one after it', async () => {
    const { f, bills } = await threeBills();
    await unseal(bills[1].id);
    expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toEqual({ kind: 'bill', seq: null, billNumber: 2, id: bills[1].id, reason: CHAIN_MESSAGES.billUnsealed });
  });
});
