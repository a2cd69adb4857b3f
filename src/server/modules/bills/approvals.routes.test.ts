import { and, eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, memberships } from '../../db/schema';
import { signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { BILL_MESSAGES } from './bill-messages';
import { billsTestApp, type BillsFixture } from './bills-test-kit';

/*
 * An owner's approval on the spot: who is counted for wrong passwords (never a foreign restaurant's
 * staff against this restaurant's owner), when the count resets, and that the approver is recorded
 * on every money action it lets through.
 */
let ctx: TestContext;
let f: BillsFixture;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
});
afterAll(() => ctx.close());
// default Ayarlar: a waiter needs the owner's approval for İndirim, İkram and İptal
beforeEach(() => f.setSettings({ serviceChargePercent: 10 }));

type Who = { cookies: Record<string, string> };
const rakiLine = (t: Ticket) => t.lines.find((l) => l.name === 'Rakı')!;
const ezogelinLine = (t: Ticket) => t.lines.find((l) => l.name === 'Ezogelin')!;
const auditOf = (ticketId: string, action: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, ticketId), eq(auditEvents.action, action))).orderBy(auditEvents.id);

/** A comp asked for at restaurant `restaurantId` by `who`, with an approval. */
const compAt = (restaurantId: string, who: Who, t: Pick<Ticket, 'id' | 'version'>, lineId: string, approval: { email: string; password: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/tickets/${t.id}/lines/${lineId}/comp`,
    cookies: who.cookies,
    payload: { version: t.version, reason: 'Müdavim', approval },
  });

describe('the wrong-approval limit', () => {
  it("another restaurant's waiter typing this owner's email with wrong passwords never locks the owner out here", async () => {
    const elsewhere = await staffedRestaurant(ctx, 'Karşı Lokanta');
    const owner = f.restaurant.owner.user;
    // restaurant B has a ticket of its own to ask on: the approval is checked before the ticket is read
    for (let i = 0; i < 12; i++) {
      const res = await compAt(elsewhere.id, elsewhere.waiter, { id: '00000000-0000-4000-8000-000000000000', version: 1 }, '00000000-0000-4000-8000-000000000001', {
        email: owner.email,
        password: `yanlis-${i}`,
      });
      // the same refusal as any wrong approval, then that waiter's own limit
      expect([403, 429]).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().error).toBe(BILL_MESSAGES.wrongApproval);
    }
    const t = await f.sentTicket();
    const approved = await compAt(f.restaurant.id, f.restaurant.waiter, t, rakiLine(t).id, { email: owner.email, password: owner.password });
    expect(approved.statusCode).toBe(200);
    const [audit] = await auditOf(t.id, 'ticket.line.comp');
    expect(audit.approverUserId).toBe(owner.id);
  });

  it('counts per restaurant: an owner of two restaurants locked at one still approves at the other', async () => {
    const other = await staffedRestaurant(ctx, 'Şube');
    const owner = f.restaurant.owner.user;
    await ctx.database.db.insert(memberships).values({ userId: owner.id, restaurantId: other.id, role: 'owner' });
    const waiters = [other.waiter, await signedIn(ctx, other.id, 'waiter')];
    const target = { id: '00000000-0000-4000-8000-000000000000', version: 1 };
    for (let i = 0; i < 10; i++) {
      const res = await compAt(other.id, waiters[i % 2], target, target.id, { email: owner.email, password: `yanlis-${i}` });
      expect(res.statusCode).toBe(403);
    }
    // at the branch the owner's count is full, whoever asks
    const third = await signedIn(ctx, other.id, 'waiter');
    expect((await compAt(other.id, third, target, target.id, { email: owner.email, password: owner.password })).statusCode).toBe(429);
    // at the first restaurant nothing was counted against them
    const t = await f.sentTicket();
    expect((await compAt(f.restaurant.id, f.restaurant.waiter, t, rakiLine(t).id, { email: owner.email, password: owner.password })).statusCode).toBe(200);
  });

  it('a right approval resets the count: nine wrong, one right, nine wrong again is still no lock-out', async () => {
    const waiter = await signedIn(ctx, f.restaurant.id, 'waiter');
    const owner = (await signedIn(ctx, f.restaurant.id, 'owner')).user;
    let t = await f.sentTicket({ ezogelin: 1, raki: 3 });
    const wrong = () => compAt(f.restaurant.id, waiter, t, rakiLine(t).id, { email: owner.email, password: 'yanlis-sifre' });
    for (let i = 0; i < 9; i++) expect((await wrong()).statusCode).toBe(403);
    const right = await compAt(f.restaurant.id, waiter, t, ezogelinLine(t).id, { email: owner.email, password: owner.password });
    expect(right.statusCode).toBe(200);
    t = right.json();
    for (let i = 0; i < 9; i++) expect((await wrong()).statusCode).toBe(403);
    const stillRight = await ctx.app.inject({
      method: 'POST',
      url: `/api/restaurants/${f.restaurant.id}/tickets/${t.id}/lines/${rakiLine(t).id}/comp`,
      cookies: waiter.cookies,
      payload: { version: t.version, reason: 'Müdavim', quantity: 1, approval: { email: owner.email, password: owner.password } },
    });
    expect(stillRight.statusCode).toBe(200);
  });
});

describe('the approver is recorded', () => {
  const approval = () => ({ email: f.restaurant.owner.user.email, password: f.restaurant.owner.user.password });

  it('on a line discount', async () => {
    const t = await f.sentTicket();
    const res = await f.bills().lineDiscount(t, rakiLine(t).id, { type: 'percent', value: 10, label: 'Müdavim' }, { approval: approval() });
    expect(res.statusCode).toBe(200);
    const [audit] = await auditOf(t.id, 'ticket.line.discount');
    expect(audit).toMatchObject({ entityId: t.id, actorUserId: f.restaurant.waiter.user.id, actorRole: 'waiter', approverUserId: f.restaurant.owner.user.id });
  });

  it('on a cancellation', async () => {
    const t = await f.sentTicket();
    const res = await f.bills().cancel(t, ezogelinLine(t).id, { reason: 'Müşteri vazgeçti', approval: approval() });
    expect(res.statusCode).toBe(200);
    const [audit] = await auditOf(t.id, 'ticket.line.cancel');
    expect(audit).toMatchObject({ entityId: t.id, actorUserId: f.restaurant.waiter.user.id, approverUserId: f.restaurant.owner.user.id, reason: 'Müşteri vazgeçti' });
  });

  it('on removing the service charge', async () => {
    const t = await f.sentTicket({ ezogelin: 1 });
    expect(t.totals.serviceChargePercent).toBe(10);
    const res = await f.bills().call('POST', `/tickets/${t.id}/service-charge`, { version: t.version, percent: 0, approval: approval() });
    expect(res.statusCode).toBe(200);
    const [audit] = await auditOf(t.id, 'ticket.service_charge');
    expect(audit).toMatchObject({ entityId: t.id, actorUserId: f.restaurant.waiter.user.id, approverUserId: f.restaurant.owner.user.id });
  });
});
