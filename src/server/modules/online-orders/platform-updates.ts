import { and, eq } from 'drizzle-orm';
import { platformOutbox } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import type { PricedLine } from '../orders';
import { wakeOutbox } from './platform-outbox-signal';
import { isPlatform, type OutgoingUpdate } from './platforms/types';

/** A stored line of a platform order: the platform's code and price as sent; menuItemId null = unmapped. */
export type PlatformLineRow = Omit<PricedLine, 'menuItemId'> & { menuItemId: string | null; platformCode?: string; unmapped?: boolean };

/**
 * Queues an outgoing update in the command's transaction (the outbox): it is sent after commit and
 * retried until it goes through. Orders from the restaurant's own channel and phone have none.
 */
export async function enqueueUpdate(c: CommandContext, order: { id: string; source: string; externalId: string }, update: Omit<OutgoingUpdate, 'externalId' | 'token'>) {
  if (!isPlatform(order.source)) return;
  const [tokenRow] = await c.tx
    .select({ payload: platformOutbox.payload })
    .from(platformOutbox)
    .where(and(eq(platformOutbox.orderId, order.id), eq(platformOutbox.kind, 'token')));
  const { token, itemIds } = (tokenRow?.payload ?? {}) as { token?: string; itemIds?: string[] };
  const payload: OutgoingUpdate = { ...update, externalId: order.externalId, ...(token ? { token } : {}), ...(itemIds?.length ? { itemIds } : {}) };
  await c.tx.insert(platformOutbox).values({ restaurantId: c.restaurantId, orderId: order.id, platform: order.source, kind: update.kind, payload });
  c.afterCommit(wakeOutbox);
}
