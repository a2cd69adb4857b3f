import { and, asc, eq } from 'drizzle-orm';
import type { NewLine, OpenTicketRequest } from '../../shared/ticket-contract';
import { PLAN_GRID } from '../../shared/floor-contract';
import type { CommandContext } from '../lib/command';
import { sendToKitchen } from '../modules/orders/send-to-kitchen';
import { addLines, openTicket, updateTicket } from '../modules/orders/ticket-commands';
import { diningTables, kitchenAcks, kitchenBatches, menuItemOptionGroups, menuItems, optionGroups, options, ticketLines, tickets, users } from './schema';

/** Five tables a row on the plan, 160 × 140 plan units apart (the plan is 1000 × 600). */
export function demoTablePosition(index: number, seats: number) {
  const wide = seats > 4;
  return {
    x: (index % 5) * 180 + PLAN_GRID * 2,
    y: Math.floor(index / 5) * 160 + PLAN_GRID * 2,
    width: wide ? 120 : 80,
    height: 80,
    shape: wide ? 'rectangle' : index % 2 === 0 ? 'square' : 'round',
  };
}

interface DemoTicket {
  open: OpenTicketRequest | { table: string; guests: number };
  lines: [item: string, quantity: number, note?: string][];
  /** what happens after the lines are added */
  then?: 'send' | 'ready' | 'served' | 'bill';
  minutesAgo: number;
}

/** A dinner in progress: one ticket per table state, a takeaway and lines still to send. */
const DEMO_SERVICE: DemoTicket[] = [
  { open: { table: 'Salon 1', guests: 4 }, lines: [['Mercimek Çorbası', 2], ['Adana Kebap', 2, 'acısız'], ['Ayran', 4]], then: 'send', minutesAgo: 12 },
  { open: { table: 'Salon 3', guests: 2 }, lines: [['Lahmacun', 3], ['Çoban Salata', 1]], then: 'ready', minutesAgo: 25 },
  { open: { table: 'Salon 6', guests: 6 }, lines: [['Karnıyarık', 2], ['Kuru Fasulye', 3], ['Künefe', 2]], then: 'bill', minutesAgo: 55 },
  { open: { table: 'Bahçe 2', guests: 3 }, lines: [['Izgara Köfte', 1], ['Haydari', 1]], minutesAgo: 4 },
  { open: { table: 'Bahçe 4', guests: 2 }, lines: [['Tavuk Şiş', 2], ['Fırın Sütlaç', 2]], then: 'served', minutesAgo: 38 },
  { open: { type: 'takeaway', customer: { name: 'Kemal Bey', phone: '0532 555 12 34' } }, lines: [['Kıymalı Pide', 1], ['Lahmacun', 2]], then: 'send', minutesAgo: 8 },
];

/** The first option of each required group of an item: a valid choice, as a waiter would make. */
async function requiredChoices(c: CommandContext, itemId: string) {
  const rows = await c.tx
    .select({ groupId: optionGroups.id, isRequired: optionGroups.isRequired, optionId: options.id })
    .from(menuItemOptionGroups)
    .innerJoin(optionGroups, eq(optionGroups.id, menuItemOptionGroups.groupId))
    .innerJoin(options, eq(options.groupId, optionGroups.id))
    .where(eq(menuItemOptionGroups.itemId, itemId))
    .orderBy(asc(options.sortOrder));
  const required = [...new Set(rows.filter((r) => r.isRequired).map((r) => r.groupId))];
  return required.map((groupId) => rows.find((r) => r.groupId === groupId)!.optionId);
}

/**
 * Opens the demo service through the same commands the screens use, so the demo shows exactly
 * what a real evening looks like: totals, states, kitchen cards, waiting times.
 */
export async function seedDemoService(c: CommandContext, waiterEmail: string) {
  const [waiter] = await c.tx.select({ id: users.id }).from(users).where(eq(users.email, waiterEmail));
  const tableRows = await c.tx.select().from(diningTables).where(eq(diningTables.restaurantId, c.restaurantId));
  const itemRows = await c.tx.select().from(menuItems).where(eq(menuItems.restaurantId, c.restaurantId));
  for (const demo of DEMO_SERVICE) {
    const request: OpenTicketRequest =
      'table' in demo.open ? { type: 'table', tableId: tableRows.find((t) => t.name === (demo.open as { table: string }).table)!.id, guests: demo.open.guests } : demo.open;
    const openedAt = new Date(Date.now() - demo.minutesAgo * 60_000);
    const ticketId = await openTicket(c, request, openedAt);
    const lines: NewLine[] = [];
    for (const [name, quantity, note] of demo.lines) {
      const item = itemRows.find((i) => i.name === name)!;
      lines.push({ menuItemId: item.id, quantity, note, optionIds: await requiredChoices(c, item.id) });
    }
    await addLines(c, ticketId, { version: 1, lines });
    if (demo.then) {
      const batch = await sendToKitchen(c, ticketId, 2);
      // sent a minute after opening, and already on the kitchen screen (no "not received" alert)
      await c.tx.update(kitchenBatches).set({ sentAt: new Date(openedAt.getTime() + 60_000) }).where(eq(kitchenBatches.id, batch.id));
      const stations = await c.tx.selectDistinct({ station: ticketLines.station }).from(ticketLines).where(eq(ticketLines.batchId, batch.id));
      await c.tx.insert(kitchenAcks).values(stations.map(({ station }) => ({ restaurantId: c.restaurantId, batchId: batch.id, station })));
    }
    const status = demo.then === 'ready' || demo.then === 'bill' ? 'ready' : demo.then === 'served' ? 'served' : null;
    if (status) await c.tx.update(ticketLines).set({ status, preparingAt: openedAt, readyAt: new Date(), ...(status === 'served' ? { servedAt: new Date() } : {}) }).where(eq(ticketLines.ticketId, ticketId));
    if (demo.then === 'bill') await updateTicket(c, ticketId, { version: 3, billRequested: true });
    await c.tx.update(tickets).set({ waiterId: waiter.id }).where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, c.restaurantId)));
    await c.tx.update(ticketLines).set({ addedAt: openedAt }).where(eq(ticketLines.ticketId, ticketId));
  }
}
