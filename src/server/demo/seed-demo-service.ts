import { and, asc, eq } from 'drizzle-orm';
import type { NewLine, OpenTicketRequest } from '../../shared/ticket-contract';
import { PLAN_GRID } from '../../shared/floor-contract';
import type { CommandContext } from '../lib/command';
import { addLines, openTicket, readTicket, sendToKitchen, stampLinesForDemo, updateTicket } from '../modules/orders';
import { closeTicket, takePayment } from '../modules/bills';
import { diningTables, kitchenAcks, kitchenBatches, menuItemOptionGroups, menuItems, optionGroups, options, ticketLines, tickets, users } from '../db/schema';

/**
 * Five tables a row on the plan (1000 × 600 units), 200 × 200 apart on the grid, big enough to show their
 * state, total and age on a tablet: six-seaters are long tables, the others square or round.
 */
export function demoTablePosition(index: number, seats: number) {
  const long = seats > 4;
  const round = !long && index % 2 === 1;
  return {
    x: (index % 5) * 200 + PLAN_GRID,
    y: Math.floor(index / 5) * 200 + PLAN_GRID * 2,
    width: long ? 160 : round ? 120 : 140,
    height: 120,
    shape: long ? 'rectangle' : round ? 'round' : 'square',
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

/** Earlier today: tables served, paid and closed, so Kapalı Hesaplar is not empty either. */
const DEMO_CLOSED: { table: string; lines: [string, number][]; pay: 'card' | 'cash'; hoursAgo: number }[] = [
  { table: 'Salon 2', lines: [['Tavuk Suyu Çorbası', 2], ['Tavuk Sote', 2], ['Maden Suyu', 2]], pay: 'card', hoursAgo: 2 },
  { table: 'Salon 4', lines: [['Etli Nohut', 2], ['Patlıcan Salatası', 1], ['Kola', 2]], pay: 'cash', hoursAgo: 1.5 },
  { table: 'Bahçe 1', lines: [['Kuzu Şiş', 1], ['Humus', 1], ['Hünkar Beğendi', 1], ['Türk Kahvesi', 2]], pay: 'card', hoursAgo: 1 },
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
  const linesOf = async (wanted: [string, number, string?][]) => {
    const lines: NewLine[] = [];
    for (const [name, quantity, note] of wanted) {
      const item = itemRows.find((i) => i.name === name)!;
      lines.push({ menuItemId: item.id, quantity, note, optionIds: await requiredChoices(c, item.id) });
    }
    return lines;
  };
  const tableId = (name: string) => tableRows.find((t) => t.name === name)!.id;

  for (const done of DEMO_CLOSED) {
    const at = new Date(Date.now() - done.hoursAgo * 3_600_000);
    const ticketId = await openTicket(c, { type: 'table', tableId: tableId(done.table), guests: 2 }, at);
    await addLines(c, ticketId, { version: 1, lines: await linesOf(done.lines) });
    await sendToKitchen(c, ticketId, 2);
    await stampLinesForDemo(c, ticketId, { status: 'served', addedAt: at, preparingAt: at, readyAt: at, servedAt: at });
    await c.tx.update(kitchenBatches).set({ sentAt: at, unacknowledgedAlertAt: at }).where(eq(kitchenBatches.ticketId, ticketId));
    const { totals } = await readTicket(c.tx, c.restaurantId, ticketId);
    const paid = done.pay === 'cash' ? { method: 'cash' as const, amount: totals.remaining, given: Math.ceil(totals.remaining / 10_000) * 10_000 } : { method: 'card' as const, amount: totals.remaining };
    // the waiter before the close: the sales figures the close records name who served the bill
    await c.tx.update(tickets).set({ waiterId: waiter.id }).where(eq(tickets.id, ticketId));
    await takePayment(c, ticketId, { version: 3, ...paid });
    await closeTicket(c, ticketId, 4, new Date(at.getTime() + 50 * 60_000));
  }

  for (const demo of DEMO_SERVICE) {
    const request: OpenTicketRequest =
      'table' in demo.open ? { type: 'table', tableId: tableId(demo.open.table), guests: demo.open.guests } : demo.open;
    const openedAt = new Date(Date.now() - demo.minutesAgo * 60_000);
    const ticketId = await openTicket(c, request, openedAt);
    await addLines(c, ticketId, { version: 1, lines: await linesOf(demo.lines) });
    if (demo.then) {
      const batch = await sendToKitchen(c, ticketId, 2);
      // sent a minute after opening, and already on the kitchen screen (no "not received" alert)
      await c.tx.update(kitchenBatches).set({ sentAt: new Date(openedAt.getTime() + 60_000) }).where(eq(kitchenBatches.id, batch.id));
      const stations = await c.tx.selectDistinct({ station: ticketLines.station }).from(ticketLines).where(eq(ticketLines.batchId, batch.id));
      await c.tx.insert(kitchenAcks).values(stations.map(({ station }) => ({ restaurantId: c.restaurantId, batchId: batch.id, station })));
    }
    const status = demo.then === 'ready' || demo.then === 'bill' ? 'ready' : demo.then === 'served' ? 'served' : null;
    if (status) await stampLinesForDemo(c, ticketId, { status, preparingAt: openedAt, readyAt: new Date(), ...(status === 'served' ? { servedAt: new Date() } : {}) });
    if (demo.then === 'bill') await updateTicket(c, ticketId, { version: 3, billRequested: true });
    await c.tx.update(tickets).set({ waiterId: waiter.id }).where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, c.restaurantId)));
    await stampLinesForDemo(c, ticketId, { addedAt: openedAt });
  }
}
