import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { onlineOrders, ticketLines, tickets } from '../../db/schema';
import { type CommandContext, type CommandDeps, runCommand } from '../../lib/command';
import { commandDeps } from '../../lib/routes';
import { sendToKitchen } from '../orders';

/** How often the server looks for scheduled orders whose time to cook has come. */
export const SCHEDULED_SWEEP_MS = 30_000;

/**
 * When an accepted order reaches the kitchen: at once, or — for an order the customer wants later
 * (expectedAt) — its promised time less the preparation minutes, so it is hot when promised rather
 * than cooked at 14:00 for 17:15. null: now.
 */
export function kitchenDueAt(expectedAt: Date | null, prepMinutes: number, now = new Date()): Date | null {
  if (!expectedAt) return null;
  const due = new Date(expectedAt.getTime() - prepMinutes * 60_000);
  return due > now ? due : null;
}

/**
 * Accepted scheduled orders whose time to cook has come and whose lines still wait (never sent):
 * their ticket and its version, per restaurant.
 */
async function dueOrders(db: Db | CommandContext['tx'], now: Date, orderId?: string) {
  return db
    .select({ orderId: onlineOrders.id, restaurantId: onlineOrders.restaurantId, ticketId: tickets.id })
    .from(onlineOrders)
    .innerJoin(tickets, eq(tickets.id, onlineOrders.ticketId))
    .where(
      and(
        orderId ? eq(onlineOrders.id, orderId) : undefined,
        eq(onlineOrders.status, 'accepted'),
        eq(onlineOrders.isScheduled, true),
        isNotNull(onlineOrders.expectedAt),
        eq(tickets.status, 'open'),
        sql`${onlineOrders.expectedAt} - make_interval(mins => coalesce(${onlineOrders.prepMinutes}, 0)) <= ${now.toISOString()}::timestamptz`,
        sql`exists (select 1 from ${ticketLines} where ${ticketLines.ticketId} = ${tickets.id} and ${ticketLines.status} = 'pending')`,
      ),
    );
}

/**
 * Sends each due scheduled order's waiting lines to the kitchen, one command each as the system
 * (audited: who sent it is the schedule, not a person). An order changed meanwhile (cancelled, its
 * lines sent by a waiter) is skipped: the command reads it again under the restaurant's lock.
 */
export async function sendDueScheduledOrders(deps: CommandDeps, now = new Date()) {
  let sent = 0;
  for (const due of await dueOrders(deps.db, now)) {
    await runCommand(deps, { restaurantId: due.restaurantId, userId: null, role: 'system' }, async (c) => {
      const [still] = await dueOrders(c.tx, now, due.orderId);
      if (!still) return;
      const [{ version }] = await c.tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, due.ticketId));
      await sendToKitchen(c, due.ticketId, version);
      await c.audit({ action: 'online_order.scheduled_send', entity: 'online_order', entityId: due.orderId, after: { ticketId: due.ticketId } });
      c.emit('online-orders', due.orderId);
      sent++;
    });
  }
  return sent;
}

/** The sweep runs while the server is up; an error is logged and the next sweep tries again. */
export function startScheduledSweep(app: FastifyInstance, everyMs = SCHEDULED_SWEEP_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await sendDueScheduledOrders(commandDeps(app));
    } catch (err) {
      app.log.error({ err }, 'İleri tarihli siparişler mutfağa gönderilemedi');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
