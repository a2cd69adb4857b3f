import { eq, sql } from 'drizzle-orm';
import type { TicketType } from '../../../shared/ticket-contract';
import { kitchenBatches, ticketLines, tickets } from '../../db/schema';
import { collectEvents, createRestaurant, createTestApp, createUser, loginAs, type TestContext } from '../../test-support/test-app';

/**
 * Kitchen test data written straight to the database: a ticket with lines already sent as a
 * batch, the way Mutfağa Gönder leaves them. Keeps the kitchen tests independent of the order
 * screens' API.
 */
export interface SentLine {
  name: string;
  quantity?: number;
  station?: string;
  note?: string | null;
  options?: { name: string; groupName?: string; price?: number }[];
}

export async function kitchenFixture(ctx: TestContext) {
  const restaurant = await createRestaurant(ctx);
  const session = async (role: 'owner' | 'kitchen' | 'waiter', name?: string) => {
    const user = await createUser(ctx, { restaurantId: restaurant.id, role });
    if (name) await ctx.database.db.execute(sql`update users set name = ${name} where id = ${user.id}`);
    return { user, cookies: (await loginAs(ctx, user.email)).cookies };
  };
  /** The four people every kitchen test signs in as: the owner, a cook and two waiters. */
  const staff = async () => ({
    owner: await session('owner'),
    cook: await session('kitchen'),
    waiter: await session('waiter', 'Mehmet Garson'),
    otherWaiter: await session('waiter', 'Zeynep Garson'),
  });
  return { restaurant, session, staff };
}

/**
 * A fresh app with the kitchen fixture's restaurant (`rid`), its four people signed in, and the live
 * events its screens receive: how the kitchen route tests start.
 */
export async function kitchenTestApp() {
  const ctx = await createTestApp();
  const f = await kitchenFixture(ctx);
  return { ctx, rid: f.restaurant.id, ...(await f.staff()), events: collectEvents(ctx, f.restaurant.id) };
}

/** Opens a ticket (or adds to `ticketId`) and sends `lines` as one batch; answers ids. */
export async function sendBatch(
  ctx: TestContext,
  opts: {
    restaurantId: string;
    waiterId: string | null;
    lines: SentLine[];
    ticketId?: string;
    tableName?: string | null;
    type?: TicketType;
    customerName?: string;
    /** seconds ago the batch was sent */
    ageSeconds?: number;
  },
) {
  const db = ctx.database.db;
  let ticketId = opts.ticketId;
  if (!ticketId) {
    const [{ next }] = await db
      .select({ next: sql<number>`coalesce(max(${tickets.number}) + 1, 1)::int` })
      .from(tickets)
      .where(eq(tickets.restaurantId, opts.restaurantId));
    const type = opts.type ?? 'table';
    const [t] = await db
      .insert(tickets)
      .values({
        restaurantId: opts.restaurantId,
        number: next,
        type,
        tableName: type === 'table' ? (opts.tableName ?? `Salon ${next}`) : null,
        customerName: type === 'table' ? null : (opts.customerName ?? 'Ayşe Hanım'),
        waiterId: opts.waiterId,
      })
      .returning();
    ticketId = t.id;
  }
  const [{ sequence }] = await db
    .select({ sequence: sql<number>`coalesce(max(${kitchenBatches.sequence}) + 1, 1)::int` })
    .from(kitchenBatches)
    .where(eq(kitchenBatches.ticketId, ticketId));
  const sentAt = new Date(Date.now() - (opts.ageSeconds ?? 0) * 1000);
  const [batch] = await db
    .insert(kitchenBatches)
    .values({ restaurantId: opts.restaurantId, ticketId, sequence, sentBy: opts.waiterId, sentAt })
    .returning();
  const lines = await db
    .insert(ticketLines)
    .values(
      opts.lines.map((l, i) => ({
        restaurantId: opts.restaurantId,
        ticketId: ticketId!,
        batchId: batch.id,
        name: l.name,
        unitPriceKurus: 10000,
        options: (l.options ?? []).map((o) => ({ name: o.name, groupName: o.groupName ?? null, price: o.price ?? 0 })),
        quantity: l.quantity ?? 1,
        note: l.note ?? null,
        vatRate: 10,
        station: l.station ?? 'Mutfak',
        status: 'sent',
        sortOrder: i,
        addedBy: opts.waiterId,
      })),
    )
    .returning({ id: ticketLines.id });
  return { ticketId, batchId: batch.id, lineIds: lines.map((l) => l.id), sentAt };
}

/** Route-matrix targets: a fresh batch per call, so every allowed caller's request can succeed. */
export function kitchenMatrixFixtures(getCtx: () => TestContext) {
  const fresh = async (restaurantId: string, status: 'sent' | 'ready' = 'sent') => {
    const b = await sendBatch(getCtx(), { restaurantId, waiterId: null, lines: [{ name: 'Matris Kebap' }] });
    if (status === 'ready') await getCtx().database.db.update(ticketLines).set({ status: 'ready', readyAt: new Date() }).where(eq(ticketLines.batchId, b.batchId));
    return b;
  };
  return {
    sentLine: async ({ restaurantId }: { restaurantId: string }) => ({ lineId: (await fresh(restaurantId)).lineIds[0] }),
    sentBatch: async ({ restaurantId }: { restaurantId: string }) => ({ batchId: (await fresh(restaurantId)).batchId }),
    readyBatch: async ({ restaurantId }: { restaurantId: string }) => ({ batchId: (await fresh(restaurantId, 'ready')).batchId }),
    readyLine: async ({ restaurantId }: { restaurantId: string }) => {
      const b = await fresh(restaurantId, 'ready');
      return { ticketId: b.ticketId, lineId: b.lineIds[0] };
    },
    acknowledgeBody: async ({ restaurantId }: { restaurantId: string }) => ({ payload: { batchIds: [(await fresh(restaurantId)).batchId], station: '' } }),
  };
}
