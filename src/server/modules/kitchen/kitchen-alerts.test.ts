import { eq } from 'drizzle-orm';
import type { KitchenAlert } from '../../../shared/kitchen-contract';
import { auditEvents, kitchenBatches } from '../../db/schema';
import type { LiveEvent } from '../events/event-hub';
import type { TestContext } from '../../test-support/test-app';
import { raiseUnacknowledgedAlerts } from './kitchen-commands';
import { kitchenFixture, kitchenTestApp, sendBatch } from './kitchen-test-kit';

let ctx: TestContext;
let rid: string;
type Session = { user: { id: string }; cookies: Record<string, string> };
let owner: Session;
let cook: Session;
let waiter: Session;
let otherWaiter: Session;
let events: LiveEvent[];

beforeAll(async () => {
  ({ ctx, rid, owner, cook, waiter, otherWaiter, events } = await kitchenTestApp());
});
afterAll(() => ctx.close());

const alerts = async (who: Session) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/kitchen/alerts`, cookies: who.cookies })).json() as KitchenAlert[];
const acknowledge = (batchIds: string[], station: string, who: Session = cook) =>
  ctx.app.inject({ method: 'POST', url: `/api/restaurants/${rid}/kitchen/acknowledge`, cookies: who.cookies, payload: { batchIds, station } });
const sendOld = (lines: { name: string; station?: string }[], ageSeconds = 45, by: Session = waiter) =>
  sendBatch(ctx, { restaurantId: rid, waiterId: by.user.id, lines, ageSeconds });
const deps = () => ({ db: ctx.database.db, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks });

describe('batches no kitchen screen received', () => {
  it('alert the waiter who sent them and the owner after 30 s, not before', async () => {
    // Stamped a minute ahead: however slow the machine, it cannot reach 30 s during the test.
    const fresh = await sendOld([{ name: 'Lahmacun' }], -60);
    const late = await sendOld([{ name: 'Pide' }, { name: 'Ayran', station: 'Bar' }]);
    const someoneElses = await sendOld([{ name: 'Kebap' }], 45, otherWaiter);
    const mine = await alerts(waiter);
    expect(mine.map((a) => a.batchId)).toEqual([late.batchId]);
    expect(mine[0]).toMatchObject({ ticketId: late.ticketId, sentByName: 'Mehmet Garson', stations: ['Bar', 'Mutfak'] });
    const ownerView = (await alerts(owner)).map((a) => a.batchId);
    expect(ownerView).toEqual(expect.arrayContaining([late.batchId, someoneElses.batchId]));
    expect(ownerView).not.toContain(fresh.batchId);
  });

  it("clear per station: a Bar screen's receipt leaves the Mutfak part alerting, an all-stations screen clears it", async () => {
    const b = await sendOld([{ name: 'Köfte' }, { name: 'Rakı', station: 'Bar' }]);
    expect((await acknowledge([b.batchId], 'Bar')).json()).toEqual({ acknowledged: 1 });
    expect((await alerts(waiter)).find((a) => a.batchId === b.batchId)!.stations).toEqual(['Mutfak']);
    await acknowledge([b.batchId], '');
    expect((await alerts(waiter)).some((a) => a.batchId === b.batchId)).toBe(false);
  });

  it('stop alerting once the lines are made, even unacknowledged', async () => {
    const b = await sendOld([{ name: 'Çorba' }]);
    await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${rid}/kitchen/batches/${b.batchId}/bump`, cookies: owner.cookies, payload: {} });
    expect((await alerts(owner)).some((a) => a.batchId === b.batchId)).toBe(false);
  });

  it('raise the alert once: the sweep marks the batch, audits it and tells the screens a single time', async () => {
    const b = await sendOld([{ name: 'Sarma' }]);
    events.length = 0;
    expect(await raiseUnacknowledgedAlerts(deps())).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.id === b.ticketId)).toEqual([expect.objectContaining({ type: 'kitchen' })]);
    const [row] = await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.id, b.batchId));
    expect(row.unacknowledgedAlertAt).not.toBeNull();
    expect(await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, b.batchId))).toHaveLength(1);
    events.length = 0;
    await raiseUnacknowledgedAlerts(deps());
    expect(events.filter((e) => e.id === b.ticketId)).toHaveLength(0);
  });

  it('never raise for a batch received in time', async () => {
    const b = await sendOld([{ name: 'Dolma' }], 1);
    await acknowledge([b.batchId], 'Mutfak');
    await ctx.database.db.update(kitchenBatches).set({ sentAt: new Date(Date.now() - 60_000) }).where(eq(kitchenBatches.id, b.batchId));
    await raiseUnacknowledgedAlerts(deps());
    const [row] = await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.id, b.batchId));
    expect(row.unacknowledgedAlertAt).toBeNull();
  });
});

describe('acknowledging', () => {
  it('is idempotent and tells the screens only when an alert goes away', async () => {
    const late = await sendOld([{ name: 'Börek' }], 45);
    events.length = 0;
    expect((await acknowledge([late.batchId], 'Mutfak')).json()).toEqual({ acknowledged: 1 });
    expect((await acknowledge([late.batchId, late.batchId], 'Mutfak')).json()).toEqual({ acknowledged: 0 });
    expect(events.filter((e) => e.type === 'kitchen')).toHaveLength(1);
  });

  it('tells no screen about a batch received in time: it was on no alert, nothing to refetch', async () => {
    const onTime = await sendOld([{ name: 'Gözleme' }], 1);
    events.length = 0;
    expect((await acknowledge([onTime.batchId], 'Mutfak')).json()).toEqual({ acknowledged: 1 });
    expect(events).toEqual([]);
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'kitchen.batch.acknowledge'));
    expect(audit.some((a) => (a.after as { batchIds: string[] }).batchIds.includes(onTime.batchId))).toBe(true);
  });

  it("refuses another restaurant's batch, malformed ids, and waiters", async () => {
    const other = await kitchenFixture(ctx);
    const foreign = await sendBatch(ctx, { restaurantId: other.restaurant.id, waiterId: null, lines: [{ name: 'X' }] });
    expect((await acknowledge([foreign.batchId], '')).statusCode).toBe(404);
    expect((await acknowledge(['nope'], '')).statusCode).toBe(404);
    const mine = await sendOld([{ name: 'Y' }], 1);
    expect((await acknowledge([mine.batchId], '', waiter)).statusCode).toBe(403);
    const empty = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${rid}/kitchen/acknowledge`, cookies: cook.cookies, payload: { batchIds: [] } });
    expect(empty.statusCode).toBe(400);
  });
});
