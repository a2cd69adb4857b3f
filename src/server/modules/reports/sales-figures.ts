import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { vatContained, type Bill } from '../../../shared/bill-math';
import { businessDay, weekdayOf } from '../../../shared/domain/calendar';
import type { Db } from '../../db/client';
import { auditEvents, diningTables, kitchenBatches, menuCategories, menuItems, onlineOrders, payments, refundLines, refunds, sections, tableRequests, tickets, ticketLines } from '../../db/schema';
import { QR_CHANNEL } from '../../../shared/domain/channels';
import type { CommandContext } from '../../lib/command';
import { LINE_ORDER, billOf } from '../orders';
import { loadRecipeIndex, type RecipeIndex } from '../recipes';
import { RECIPE_DIMENSIONS, recipeFigures } from './recipe-figures';
import { getRestaurantSettings } from '../settings';

/**
 * The sales report's figures, kept by the commands (migration 0013_sales_figures): per restaurant,
 * dimension, business day and key, running sums in `sales_day_figures`. A bill's close adds its
 * figures (recordBillFigures), the owner's reopen takes exactly what was added off again
 * (removeBillFigures, from the figures stored with the bill in `sales_bills`), an İade adds negative
 * ones to the day it was recorded in (recordRefundFigures). Every call runs in the command's own
 * transaction, under the restaurant lock, so the sums never disagree with the bills.
 *
 * The amounts come from computeBill (billOf) over the stored rows — the same maths as the receipt and
 * Kapalı Hesaplar — so the report agrees with them to the kuruş (sales-report.property.test.ts).
 */

export const FIGURE_COLUMNS = [
  'bills',
  'guests',
  'gross',
  'discounts',
  'comps',
  'cancelled',
  'cancelled_count',
  'service_charge',
  'refunds',
  'net',
  'tips',
  'vat',
  'quantity',
  'comp_quantity',
  'cancelled_quantity',
  'refund_quantity',
  'payment_count',
  'given_discounts',
  'given_comps',
  'given_cancellations',
  'given_count',
] as const;
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

export const DIMENSIONS = ['hour', 'type', 'waiter', 'section', 'item', 'category', 'payment', 'vat', 'channel', ...RECIPE_DIMENSIONS] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/**
 * The month roll-up (migration 0015): beside each day row the same sums go to `month:<dim>` on the
 * month's first day, so a year is read from 12 rows per key instead of 365. An hour's month key is
 * `<weekday>|<hour>` (1 = Monday, ISO), what the weekday x hour table needs.
 */
export const MONTH_PREFIX = 'month:';
export type MonthDimension = `${typeof MONTH_PREFIX}${Dimension}`;

/** One row of sums to add to (restaurant, dim, day, key). */
export interface FigureRow {
  dim: Dimension | MonthDimension;
  day: string;
  key: string;
  label: string;
  extra: string;
  values: Partial<Record<FigureColumn, number>>;
}

/** Rows keyed by dim/day/key: adding to the same key sums the values. */
export class FigureSet {
  readonly rows = new Map<string, FigureRow>();
  add(dim: Dimension | MonthDimension, day: string, key: string, values: Partial<Record<FigureColumn, number>>, label = '', extra = '') {
    const id = `${dim}\u0000${day}\u0000${key}`;
    let row = this.rows.get(id);
    if (!row) {
      row = { dim, day, key, label, extra, values: {} };
      this.rows.set(id, row);
    }
    if (label) row.label = label;
    if (extra) row.extra = extra;
    for (const [k, v] of Object.entries(values) as [FigureColumn, number][]) {
      if (v) row.values[k] = (row.values[k] ?? 0) + v;
    }
  }
  list() {
    return [...this.rows.values()];
  }
}

type TicketRow = typeof tickets.$inferSelect;
type LineRow = typeof ticketLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A closed bill with everything its figures need. */
export interface BillData {
  ticket: TicketRow;
  day: string;
  hour: number;
  sectionId: string | null;
  sectionName: string | null;
  lines: LineRow[];
  categories: Map<string, { id: string; name: string }>;
  payments: PaymentRow[];
  /** audit rows of the ticket's İndirim / İkram / İptal, oldest first */
  audit: { action: string; actor: string | null; lineId: string | null }[];
  /** when each batch of the bill went to the kitchen: a line uses the recipe in force then */
  sentAt: Map<string, Date>;
  recipes: RecipeIndex;
  /** the online order's source (a platform, the own channel, a phone order) when the bill came as one */
  channel: string | null;
}

const ADJUSTMENT_ACTIONS = ['ticket.discount', 'ticket.line.discount', 'ticket.line.comp', 'ticket.line.cancel'];

/** The key of a dish: its menu item, or its name when the item is gone (or never was). */
export const itemKey = (menuItemId: string | null, name: string) => menuItemId ?? `name:${name}`;

/**
 * A bill's figures. `given_*` go to who gave the İndirim / İkram / İptal (the actor of the audit
 * row, the one who did it even when an owner approved it on the spot; the bill's waiter when no row
 * says), sales go to the bill's waiter.
 */
export function billFigures(b: BillData): FigureSet {
  const set = new FigureSet();
  const t = b.ticket;
  const bill: Bill = billOf(t, b.lines, b.payments, false);
  const waiter = t.waiterId ?? '';
  const cancelledCount = b.lines.filter((l) => l.status === 'cancelled').length;
  const totals = {
    bills: 1,
    guests: t.guests ?? 0,
    gross: bill.subtotal,
    discounts: bill.discounts,
    comps: bill.comps,
    cancelled: bill.cancelled,
    cancelled_count: cancelledCount,
    service_charge: bill.serviceCharge,
    net: bill.total,
    tips: bill.tips,
  };
  set.add('hour', b.day, String(b.hour), totals);
  set.add('type', b.day, t.type, totals);
  set.add('waiter', b.day, waiter, totals);
  set.add('section', b.day, b.sectionId ?? '', totals, b.sectionName ?? '');
  // only orders that came online: the rest of the sales is the floor's (the report subtracts)
  if (b.channel) set.add('channel', b.day, b.channel, totals);

  // who gave what: the latest audit row naming the line (or the bill, for its discount)
  const lastActor = (action: string, lineId: string | null) => {
    for (let i = b.audit.length - 1; i >= 0; i--) {
      const a = b.audit[i];
      if (a.action === action && a.lineId === lineId) return a.actor ?? waiter;
    }
    return waiter;
  };
  b.lines.forEach((l, i) => {
    const lb = bill.lines[i];
    const cat = l.menuItemId ? b.categories.get(l.menuItemId) : undefined;
    const values = {
      quantity: lb.isCancelled ? 0 : l.quantity,
      net: lb.due,
      gross: lb.isCancelled ? 0 : lb.gross,
      comps: lb.comp,
      discounts: lb.lineDiscount + lb.ticketDiscount,
      service_charge: lb.serviceCharge,
      cancelled: lb.isCancelled ? lb.gross : 0,
      comp_quantity: l.isComp && !lb.isCancelled ? l.quantity : 0,
      cancelled_quantity: lb.isCancelled ? l.quantity : 0,
    };
    set.add('item', b.day, itemKey(l.menuItemId, l.name), values, l.name, cat?.id ?? '');
    set.add('category', b.day, cat?.id ?? '', values, cat?.name ?? '');
    if (lb.isCancelled) set.add('waiter', b.day, lastActor('ticket.line.cancel', l.id), { given_cancellations: lb.gross, given_count: 1 });
    else if (lb.comp > 0) set.add('waiter', b.day, lastActor('ticket.line.comp', l.id), { given_comps: lb.comp, given_count: 1 });
    if (lb.lineDiscount > 0) set.add('waiter', b.day, lastActor('ticket.line.discount', l.id), { given_discounts: lb.lineDiscount, given_count: 1 });
  });
  if (bill.ticketDiscount > 0) set.add('waiter', b.day, lastActor('ticket.discount', null), { given_discounts: bill.ticketDiscount, given_count: 1 });

  for (const p of b.payments) {
    set.add('payment', b.day, `${p.method}|${p.brand ?? ''}`, { net: p.amountKurus, tips: p.tipKurus, payment_count: 1 });
  }
  for (const v of bill.vatByRate) set.add('vat', b.day, String(v.rate), { net: v.amount, vat: v.vat });
  recipeFigures(b, bill, (dim, key, values, label) => set.add(dim, b.day, key, values, label));
  return set;
}

/** Loads closed bills with what their figures need, in the order the bill maths reads them. */
export async function loadBills(db: Db, restaurantId: string, ticketIds: string[]): Promise<BillData[]> {
  if (ticketIds.length === 0) return [];
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const tz = settings.timeZone;
  const rows = await db
    .select({
      ticket: tickets,
      hour: sql<number>`extract(hour from ${tickets.closedAt} at time zone ${tz})::int`,
      sectionId: sections.id,
      sectionName: sections.name,
    })
    .from(tickets)
    .leftJoin(diningTables, eq(diningTables.id, tickets.tableId))
    .leftJoin(sections, eq(sections.id, diningTables.sectionId))
    .where(and(eq(tickets.restaurantId, restaurantId), inArray(tickets.id, ticketIds)));
  const lines = await db.select().from(ticketLines).where(inArray(ticketLines.ticketId, ticketIds)).orderBy(asc(ticketLines.ticketId), ...LINE_ORDER);
  const paid = await db.select().from(payments).where(inArray(payments.ticketId, ticketIds)).orderBy(asc(payments.createdAt), asc(payments.id));
  const audit = await db
    .select({ ticketId: auditEvents.entityId, action: auditEvents.action, actor: auditEvents.actorUserId, lineId: sql<string | null>`${auditEvents.after}->>'lineId'` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.restaurantId, restaurantId),
        eq(auditEvents.entity, 'ticket'),
        inArray(auditEvents.entityId, ticketIds),
        inArray(auditEvents.action, ADJUSTMENT_ACTIONS),
      ),
    )
    .orderBy(asc(auditEvents.id));
  const batchIds = [...new Set(lines.map((l) => l.batchId).filter((x): x is string => !!x))];
  // one after the other: `db` is the closing command's transaction, one connection (pg deprecates
  // overlapping queries on one client)
  const batches = batchIds.length ? await db.select({ id: kitchenBatches.id, sentAt: kitchenBatches.sentAt }).from(kitchenBatches).where(inArray(kitchenBatches.id, batchIds)) : [];
  const recipes = await loadRecipeIndex(db, restaurantId);
  const online = await channelsOf(db, ticketIds);
  const sentAt = new Map(batches.map((x) => [x.id, x.sentAt]));
  const itemIds = [...new Set(lines.map((l) => l.menuItemId).filter((x): x is string => !!x))];
  const categories = new Map<string, { id: string; name: string }>();
  if (itemIds.length) {
    const cats = await db
      .select({ itemId: menuItems.id, id: menuCategories.id, name: menuCategories.name })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
      .where(inArray(menuItems.id, itemIds));
    for (const c of cats) categories.set(c.itemId, { id: c.id, name: c.name });
  }
  const group = <T>(list: T[], key: (x: T) => string | null) => {
    const m = new Map<string, T[]>();
    for (const x of list) {
      const k = key(x) ?? '';
      m.set(k, [...(m.get(k) ?? []), x]);
    }
    return m;
  };
  const linesBy = group(lines, (l) => l.ticketId);
  const paidBy = group(paid, (p) => p.ticketId);
  const auditBy = group(audit, (a) => a.ticketId);
  return rows.map((r) => ({
    ticket: r.ticket,
    day: r.ticket.businessDay ?? businessDay(r.ticket.closedAt ?? new Date(), tz, settings.businessDayStartHour),
    hour: r.hour ?? 0,
    sectionId: r.sectionId,
    sectionName: r.sectionName,
    lines: linesBy.get(r.ticket.id) ?? [],
    categories,
    payments: paidBy.get(r.ticket.id) ?? [],
    audit: (auditBy.get(r.ticket.id) ?? []).map((a) => ({ action: a.action, actor: a.actor, lineId: a.lineId })),
    sentAt,
    recipes,
    channel: online.get(r.ticket.id) ?? null,
  }));
}

/** The month roll-up rows of day rows (see MONTH_PREFIX). */
export function monthRowsOf(rows: readonly FigureRow[]): FigureRow[] {
  const set = new FigureSet();
  for (const r of rows) {
    if (r.dim.startsWith(MONTH_PREFIX)) continue;
    const key = r.dim === 'hour' ? `${weekdayOf(r.day)}|${r.key}` : r.key;
    set.add(`${MONTH_PREFIX}${r.dim as Dimension}`, `${r.day.slice(0, 7)}-01`, key, r.values, r.label, r.extra);
  }
  return set.list();
}

/** The channel of each ticket that did not come from the floor alone: its online order's source, or QR Sipariş. */
async function channelsOf(db: Db, ticketIds: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ ticketId: onlineOrders.ticketId, source: onlineOrders.source }).from(onlineOrders).where(inArray(onlineOrders.ticketId, ticketIds));
  const channels = new Map<string, string>(rows.flatMap((r) => (r.ticketId ? [[r.ticketId, r.source] as const] : [])));
  const fromQr = await db
    .selectDistinct({ ticketId: tableRequests.ticketId })
    .from(tableRequests)
    .where(and(inArray(tableRequests.ticketId, ticketIds), eq(tableRequests.status, 'accepted')));
  for (const r of fromQr) if (r.ticketId && !channels.has(r.ticketId)) channels.set(r.ticketId, QR_CHANNEL);
  return channels;
}

/** Adds day rows (x sign) and their month roll-up to the sums: one statement per 2,000 rows. */
export async function applyFigures(db: Db, restaurantId: string, dayRows: readonly FigureRow[], sign: 1 | -1) {
  // one row per key (a statement may not update the same row twice)
  const days = new FigureSet();
  for (const r of dayRows) days.add(r.dim, r.day, r.key, r.values, r.label, r.extra);
  const rows = [...days.list(), ...monthRowsOf(dayRows)];
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((r) => {
      const o: Record<string, unknown> = { dim: r.dim, business_day: r.day, key: r.key, label: r.label, extra: r.extra };
      for (const c of FIGURE_COLUMNS) o[c] = (r.values[c] ?? 0) * sign;
      return o;
    });
    const cols = FIGURE_COLUMNS.join(', ');
    const recordType = FIGURE_COLUMNS.map((c) => `${c} bigint`).join(', ');
    const updates = FIGURE_COLUMNS.map((c) => `${c} = sales_day_figures.${c} + excluded.${c}`).join(', ');
    await db.execute(
      sql`insert into sales_day_figures (restaurant_id, dim, business_day, key, label, extra, ${sql.raw(cols)})
          select ${restaurantId}::uuid, x.dim, x.business_day, x.key, x.label, x.extra, ${sql.raw(FIGURE_COLUMNS.map((c) => `x.${c}`).join(', '))}
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(dim text, business_day date, key text, label text, extra text, ${sql.raw(recordType)})
          on conflict (restaurant_id, dim, business_day, key) do update set
            label = case when excluded.label <> '' then excluded.label else sales_day_figures.label end,
            extra = case when excluded.extra <> '' then excluded.extra else sales_day_figures.extra end,
            ${sql.raw(updates)}`,
    );
  }
}

/** Bills' figures summed into one set per call (backfill) and stored with each bill for its reopen. */
export async function recordBills(db: Db, restaurantId: string, ticketIds: string[]) {
  const bills = await loadBills(db, restaurantId, ticketIds);
  const all = new FigureSet();
  const marks: { ticket_id: string; business_day: string; figures: FigureRow[] }[] = [];
  for (const b of bills) {
    if (b.ticket.status !== 'closed') continue;
    const rows = billFigures(b).list();
    marks.push({ ticket_id: b.ticket.id, business_day: b.day, figures: rows });
    for (const r of rows) all.add(r.dim, r.day, r.key, r.values, r.label, r.extra);
  }
  if (marks.length === 0) return 0;
  // a bill already counted is left alone (a retried close, a backfill running twice)
  const inserted = await db.execute(
    sql`insert into sales_bills (ticket_id, restaurant_id, business_day, figures, has_recipe_figures)
        select x.ticket_id, ${restaurantId}::uuid, x.business_day, x.figures, true
        from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as x(ticket_id uuid, business_day date, figures jsonb)
        on conflict (ticket_id) do nothing returning ticket_id`,
  );
  const fresh = new Set(rowsOf<{ ticket_id: string }>(inserted).map((r) => r.ticket_id));
  if (fresh.size !== marks.length) {
    const only = new FigureSet();
    for (const m of marks) if (fresh.has(m.ticket_id)) for (const r of m.figures) only.add(r.dim, r.day, r.key, r.values, r.label, r.extra);
    await applyFigures(db, restaurantId, only.list(), 1);
  } else await applyFigures(db, restaurantId, all.list(), 1);
  return fresh.size;
}

/** node-postgres answers `{ rows }`, PGlite too; either way the rows. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The close of a bill: its figures go to its business day. Call after the ticket is closed (business_day set). */
export async function recordBillFigures(c: Pick<CommandContext, 'tx' | 'restaurantId'>, ticketId: string) {
  await recordBills(c.tx, c.restaurantId, [ticketId]);
}

/** The owner's reopen: takes off exactly the figures the close added. Call before the ticket is reopened. */
export async function removeBillFigures(c: Pick<CommandContext, 'tx' | 'restaurantId'>, ticketId: string) {
  const gone = rowsOf<{ figures: FigureRow[] }>(
    await c.tx.execute(sql`delete from sales_bills where ticket_id = ${ticketId} and restaurant_id = ${c.restaurantId} returning figures`),
  );
  for (const g of gone) await applyFigures(c.tx, c.restaurantId, g.figures, -1);
}

/**
 * An İade: negative figures in the refund's own business day (never the bill's). The dish's
 * quantity and revenue go down (an İade of 2 of 2 units nets it to 0), the method's amount goes
 * down, İndirim is untouched. Waiter, type and section are the bill's; the hour is the refund's.
 */
export async function recordRefundFigures(c: Pick<CommandContext, 'tx' | 'restaurantId'>, refundId: string) {
  const db = c.tx;
  const [r] = await db
    .select({ refund: refunds, ticket: tickets, sectionId: sections.id, sectionName: sections.name })
    .from(refunds)
    .innerJoin(tickets, eq(tickets.id, refunds.ticketId))
    .leftJoin(diningTables, eq(diningTables.id, tickets.tableId))
    .leftJoin(sections, eq(sections.id, diningTables.sectionId))
    .where(and(eq(refunds.id, refundId), eq(refunds.restaurantId, c.restaurantId)));
  if (!r) return;
  const mark = rowsOf(
    await db.execute(
      sql`insert into sales_refunds (refund_id, restaurant_id, business_day) values (${refundId}, ${c.restaurantId}, ${r.refund.businessDay}) on conflict do nothing returning refund_id`,
    ),
  );
  if (mark.length === 0) return;
  const { value: settings } = await getRestaurantSettings(db, c.restaurantId);
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: settings.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(r.refund.createdAt),
  );
  const lines = await db.select().from(refundLines).where(eq(refundLines.refundId, refundId));
  const itemIds = [...new Set(lines.map((l) => l.menuItemId).filter((x): x is string => !!x))];
  const cats = new Map<string, { id: string; name: string }>();
  if (itemIds.length) {
    for (const x of await db
      .select({ itemId: menuItems.id, id: menuCategories.id, name: menuCategories.name })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
      .where(inArray(menuItems.id, itemIds)))
      cats.set(x.itemId, { id: x.id, name: x.name });
  }
  const day = r.refund.businessDay;
  const amount = r.refund.amountKurus;
  const set = new FigureSet();
  const totals = { refunds: amount, net: -amount };
  set.add('hour', day, String(hour), totals);
  set.add('type', day, r.ticket.type, totals);
  set.add('waiter', day, r.ticket.waiterId ?? '', totals);
  set.add('section', day, r.sectionId ?? '', totals, r.sectionName ?? '');
  const channel = (await channelsOf(db, [r.ticket.id])).get(r.ticket.id);
  if (channel) set.add('channel', day, channel, totals);
  for (const l of lines) {
    const cat = l.menuItemId ? cats.get(l.menuItemId) : undefined;
    const values = { quantity: -l.quantity, refund_quantity: l.quantity, net: -l.amountKurus, refunds: l.amountKurus };
    set.add('item', day, itemKey(l.menuItemId, l.name), values, l.name, cat?.id ?? '');
    set.add('category', day, cat?.id ?? '', values, cat?.name ?? '');
    set.add('vat', day, String(l.vatRate), { net: -l.amountKurus, vat: -vatContained(l.amountKurus, l.vatRate) });
  }
  set.add('payment', day, `${r.refund.method}|${r.refund.brand ?? ''}`, { net: -amount });
  await applyFigures(db, c.restaurantId, set.list(), 1);
}
