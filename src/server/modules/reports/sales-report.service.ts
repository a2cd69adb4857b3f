import { sql } from 'drizzle-orm';
import { mulDivRound } from '../../../shared/bill-math';
import { addDays, businessDay, daysInRange, previousPeriod } from '../../../shared/domain/calendar';
import { EXCEPTION_KIND_LABELS, OUTLIER_RULE, REPORT_LIMITS, isOutlierShare, type SalesException, type SalesReportResponse, type SalesSummary } from '../../../shared/reports-contract';
import { SALES_CHANNEL_LABELS } from '../../../shared/domain/channels';
import { netSales } from '../../../shared/sales-definitions';
import { TICKET_TYPES, TICKET_TYPE_LABELS, type TicketType } from '../../../shared/ticket-contract';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/domain/payment-methods';
import type { Db } from '../../db/client';
import { periodBounds } from '../../lib/business-day';
import { staffNames } from '../orders';
import { courierFigures } from './sales-couriers';
import { medianOf } from './median';
import { qrRequestFigures } from './qr-request-figures';
import { FIGURE_COLUMNS, MONTH_PREFIX, type Dimension } from './sales-figures';
import { getRestaurantSettings } from '../settings';
import { readAll } from '../../lib/read-all';

/**
 * Satış Raporları: the figures the commands keep (sales-figures.ts) added up over a period of
 * business days — three small queries over per-day rows, whatever the number of bills — plus the
 * İstisnalar from the audit log and the İade rows.
 */

type Sums = Record<string, number>;

/** node-postgres answers `{ rows }`, PGlite too; either way the rows. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

// Summed as float8: exact for integers below 2^53 (far above any restaurant's kuruş), several times
// faster than sum(bigint)'s numeric, and it reaches JavaScript as a number (bigint would be text).
const sums = sql.raw(FIGURE_COLUMNS.map((c) => `sum(${c}::float8) as ${c}`).join(', '));
/** What the hour rows carry: the summary's figures. */
const HOUR_COLUMNS = ['bills', 'guests', 'gross', 'discounts', 'comps', 'cancelled', 'cancelled_count', 'service_charge', 'refunds', 'net', 'tips'];
const GROUP_DIMS: readonly Dimension[] = ['type', 'waiter', 'section', 'item', 'category', 'payment', 'vat', 'channel'];
const hourSums = sql.raw(HOUR_COLUMNS.map((c) => `sum(${c}::float8) as ${c}`).join(', '));

const n = (r: Sums, k: string) => Number(r[k] ?? 0);
const figuresOf = (r: Sums) => {
  const f = {
    gross: n(r, 'gross'),
    discounts: n(r, 'discounts'),
    comps: n(r, 'comps'),
    serviceCharge: n(r, 'service_charge'),
    refunds: n(r, 'refunds'),
    net: 0,
    tips: n(r, 'tips'),
    bills: n(r, 'bills'),
    guests: n(r, 'guests'),
  };
  f.net = netSales(f);
  return f;
};
const ratio = (a: number, b: number) => (b > 0 ? Math.round(a / b) : 0);

/** Rows of figures (days, ticket types) added up into one. */
function sumsOf(rows: Sums[]): Sums {
  const total: Sums = {};
  for (const r of rows) for (const c of HOUR_COLUMNS) total[c] = (total[c] ?? 0) + n(r, c);
  return total;
}

/**
 * The period's summary. Kişi Başı is over table sales only: guests are counted at tables, so a
 * paket or gel-al order's money over the table guests would raise it for no one (say so on screen).
 */
function summaryOf(total: Sums | undefined, vat: { rate: number; net: number; vat: number }[], tables: Sums | undefined): SalesSummary {
  const f = figuresOf(total ?? {});
  const atTables = figuresOf(tables ?? {});
  return {
    ...f,
    cancellations: { amount: n(total ?? {}, 'cancelled'), count: n(total ?? {}, 'cancelled_count') },
    averageBill: ratio(f.net, f.bills),
    averagePerGuest: ratio(atTables.net, atTables.guests),
    vat: vat
      .filter((v) => v.net !== 0 || v.vat !== 0)
      .sort((a, b) => a.rate - b.rate)
      .map((v) => ({ rate: v.rate, base: v.net - v.vat, tax: v.vat })),
  };
}

/** The full calendar months inside from..to (their first days, and the last day they cover), or null. */
export function monthSpan(from: string, to: string): { first: string; last: string; lastDay: string } | null {
  const first = from.endsWith('-01') ? from : `${addDays(`${from.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
  const afterTo = addDays(to, 1);
  // `to` ends its month when the next day is a 1st; otherwise the last full month is the one before
  const last = afterTo.endsWith('-01') ? `${to.slice(0, 7)}-01` : `${addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  if (first > last) return null;
  return { first, last, lastDay: addDays(`${addDays(last, 32).slice(0, 7)}-01`, -1) };
}

const quoted = (dims: readonly string[]) => sql.raw(`(${dims.map((d) => `'${d}'`).join(', ')})`);
const COLUMNS = sql.raw(FIGURE_COLUMNS.join(', '));

/**
 * The rows of `dims` over a period, as one row source: the full months from their roll-up
 * (MONTH_PREFIX), the days before and after them from the day rows. An hour's key is
 * `<weekday>|<hour>` either way.
 */
export function periodRows(restaurantId: string, dims: readonly Dimension[], from: string, to: string) {
  const dayKey = sql.raw(`case when dim = 'hour' then extract(isodow from business_day)::int || '|' || key else key end`);
  const days = sql`select dim, ${dayKey} as key, label, extra, ${COLUMNS} from sales_day_figures
    where restaurant_id = ${restaurantId} and dim in ${quoted(dims)} and business_day between ${from} and ${to}`;
  const span = monthSpan(from, to);
  if (!span) return days;
  return sql`${days} and business_day not between ${span.first} and ${span.lastDay}
    union all
    select substr(dim, ${MONTH_PREFIX.length + 1}), key, label, extra, ${COLUMNS} from sales_day_figures
    where restaurant_id = ${restaurantId} and dim in ${quoted(dims.map((d) => MONTH_PREFIX + d))} and business_day between ${span.first} and ${span.last}`;
}

/** Per business day, the bill totals: the 'type' rows carry every bill and İade once, like the hours. */
const dayTotalsQuery = (restaurantId: string, from: string, to: string) =>
  sql`select to_char(business_day, 'YYYY-MM-DD') as day, ${hourSums} from sales_day_figures
    where restaurant_id = ${restaurantId} and dim = 'type' and business_day between ${from} and ${to}
    group by business_day`;

async function summaryFor(db: Db, restaurantId: string, from: string, to: string): Promise<SalesSummary> {
  const [byType, vat] = await readAll(db, [
    () => db.execute(sql`select key, ${hourSums} from sales_day_figures where restaurant_id = ${restaurantId} and dim = 'type' and business_day between ${from} and ${to} group by key`),
    () => db.execute(sql`select key, ${sums} from (${periodRows(restaurantId, ['vat'], from, to)}) f group by key`),
  ]);
  const types = rowsOf<Sums & { key: string }>(byType);
  return summaryOf(
    sumsOf(types),
    rowsOf<Sums & { key: string }>(vat).map((r) => ({ rate: Number(r.key), net: n(r, 'net'), vat: n(r, 'vat') })),
    types.find((t) => t.key === 'table'),
  );
}

/**
 * Every dimension but the hours over a period, one row per dim and key. A renamed dish keeps one
 * row (its key); the label shown is the greatest of its names in the rows read (max: no sort).
 */
export const salesGroupsQuery = (restaurantId: string, from: string, to: string) =>
  sql`select dim, key, max(label) as label, max(extra) as extra, ${sums}
    from (${periodRows(restaurantId, GROUP_DIMS, from, to)}) f group by dim, key`;

/** The weekday x hour cells of a period (key `<weekday>|<hour>`). */
export const salesHoursQuery = (restaurantId: string, from: string, to: string) =>
  sql`select key as cell, ${hourSums} from (${periodRows(restaurantId, ['hour'], from, to)}) f group by key`;

/**
 * Sales by channel: each online source from its rows, the floor (everything else) as the period's
 * total less them, so the rows always add up to the summary. Empty when nothing came online.
 */
function channelsOf(total: Sums, online: (Sums & { key: string })[]) {
  if (online.length === 0) return [];
  const floor: Sums = { ...total };
  for (const r of online) for (const c of HOUR_COLUMNS) floor[c] = n(floor, c) - n(r, c);
  const label = (key: string) => SALES_CHANNEL_LABELS[key as keyof typeof SALES_CHANNEL_LABELS] ?? key;
  return [
    { channel: 'floor', label: 'Restoranda alınan', ...figuresOf(floor) },
    ...online.map((r) => ({ channel: r.key, label: label(r.key), ...figuresOf(r) })).sort((a, b) => b.net - a.net),
  ];
}

export async function salesReport(
  db: Db,
  restaurantId: string,
  from: string,
  to: string,
  { now = new Date(), exceptionsLimit = REPORT_LIMITS.exceptions }: { now?: Date; exceptionsLimit?: number } = {},
): Promise<SalesReportResponse> {
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const today = businessDay(now, settings.timeZone, settings.businessDayStartHour);
  const prev = previousPeriod(from, to);

  // the reads at once (separate pool connections on PostgreSQL; one after another in a transaction)
  const [groupResult, dayResult, hourResult, previous, exceptions, byCourier, qrRequests] = await readAll(db, [
    () => db.execute(salesGroupsQuery(restaurantId, from, to)),
    () => db.execute(dayTotalsQuery(restaurantId, from, to)),
    () => db.execute(salesHoursQuery(restaurantId, from, to)),
    () => summaryFor(db, restaurantId, prev.from, prev.to),
    () => exceptionsOf(db, restaurantId, from, to, settings.timeZone, settings.businessDayStartHour, exceptionsLimit),
    () => courierFigures(db, restaurantId, from, to),
    () => qrRequestFigures(db, restaurantId, { from, to }, settings, now),
  ]);
  const groups = rowsOf<Sums & { dim: string; key: string; label: string; extra: string }>(groupResult);
  const dayRows = rowsOf<Sums & { day: string }>(dayResult);
  const cells = rowsOf<Sums & { cell: string }>(hourResult);
  const total = sumsOf(dayRows);
  const days = new Map(dayRows.map((d) => [d.day, d]));
  const of = (dim: string) => groups.filter((g) => g.dim === dim);
  const summary = summaryOf(
    total,
    of('vat').map((r) => ({ rate: Number(r.key), net: n(r, 'net'), vat: n(r, 'vat') })),
    of('type').find((r) => r.key === 'table'),
  );
  const net = summary.net;
  const share = (x: number) => (net > 0 ? x / net : 0);

  const byDay = Array.from({ length: daysInRange(from, to) }, (_, i) => {
    const day = addDays(from, i);
    return { day, ...figuresOf(days.get(day) ?? {}) };
  });
  const byHour = cells
    .map((c) => {
      const [weekday, hour] = c.cell.split('|').map(Number);
      return { weekday, hour, bills: n(c, 'bills'), net: figuresOf(c).net };
    })
    .filter((h) => h.bills !== 0 || h.net !== 0)
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

  const payments = of('payment')
    .map((r) => {
      const [method, brand] = r.key.split('|');
      const m = method as PaymentMethod;
      return { method: m, brand: brand || null, label: brand ? `${PAYMENT_METHOD_LABELS[m]} (${brand})` : PAYMENT_METHOD_LABELS[m], amount: n(r, 'net'), tips: n(r, 'tips'), count: n(r, 'payment_count') };
    })
    .filter((p) => p.amount !== 0 || p.count !== 0)
    .sort((a, b) => b.amount - a.amount);

  const typeMap = new Map(of('type').map((r) => [r.key, r]));
  const byType = TICKET_TYPES.filter((t) => typeMap.has(t)).map((t: TicketType) => ({ type: t, label: TICKET_TYPE_LABELS[t], ...figuresOf(typeMap.get(t)!) }));
  const byChannel = channelsOf(total, of('channel'));

  const categories = of('category')
    .map((r) => ({
      categoryId: r.key || null,
      name: r.label || 'Kategorisiz',
      quantity: n(r, 'quantity'),
      revenue: n(r, 'net'),
      share: share(n(r, 'net')),
      compQuantity: n(r, 'comp_quantity'),
      cancelledQuantity: n(r, 'cancelled_quantity'),
    }))
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'tr'));
  const categoryNames = new Map(categories.map((c) => [c.categoryId ?? '', c.name]));
  const byItem = of('item')
    .map((r) => ({
      menuItemId: r.key.startsWith('name:') ? null : r.key,
      name: r.label,
      categoryId: r.extra || null,
      categoryName: categoryNames.get(r.extra) ?? 'Kategorisiz',
      quantity: n(r, 'quantity'),
      revenue: n(r, 'net'),
      share: share(n(r, 'net')),
      compQuantity: n(r, 'comp_quantity'),
      cancelledQuantity: n(r, 'cancelled_quantity'),
      refundQuantity: n(r, 'refund_quantity'),
    }))
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'tr'));

  // bills nobody on the floor took (online and phone orders) are no waiter's sales
  const waiterRows = of('waiter').filter((r) => r.key !== '');
  const names = await staffNames(
    db,
    waiterRows.map((r) => r.key || null),
  );
  const waiters = waiterRows.map((r) => {
    const f = figuresOf(r);
    const given = { discounts: n(r, 'given_discounts'), comps: n(r, 'given_comps'), cancellations: n(r, 'given_cancellations'), count: n(r, 'given_count') };
    const base = f.gross + n(r, 'cancelled');
    return {
      waiterId: r.key || null,
      name: names.get(r.key) ?? 'Silinmiş kullanıcı',
      ...f,
      average: ratio(f.net, f.bills),
      given,
      exceptionShare: base > 0 ? (given.discounts + given.comps + given.cancellations) / base : 0,
      isOutlier: false,
    };
  });
  const withSales = waiters.filter((w) => w.gross + w.bills > 0 && w.waiterId).map((w) => w.exceptionShare).sort((a, b) => a - b);
  const median = medianOf(withSales) ?? 0;
  for (const w of waiters) w.isOutlier = w.gross > 0 && w.waiterId !== null && isOutlierShare(w.exceptionShare, median);
  waiters.sort((a, b) => b.net - a.net || a.name.localeCompare(b.name, 'tr'));

  const bySection = of('section')
    .map((r) => ({ sectionId: r.key || null, name: r.key ? r.label || 'Bölüm' : 'Bölümsüz (Gel-Al, Paket)', ...figuresOf(r) }))
    .sort((a, b) => b.net - a.net);

  return {
    from,
    to,
    today,
    summary,
    previous: { ...prev, summary: previous },
    payments,
    byType,
    byChannel,
    byCourier,
    byDay,
    byHour,
    byCategory: categories,
    byItem,
    byWaiter: waiters,
    bySection,
    exceptions: exceptions.list,
    exceptionsTotal: exceptions.total,
    outlier: { median, rule: OUTLIER_RULE },
    qrRequests,
  };
}

interface AuditException {
  id: string;
  action: string;
  at: Date | string;
  ticket_id: string | null;
  bill_number: number | null;
  table_name: string | null;
  actor: string | null;
  approver: string | null;
  reason: string | null;
  after: Record<string, unknown> | string | null;
  unit_price: number | null;
  line_quantity: number | null;
  closed_total: number | null;
}

const ACTION_KIND: Record<string, SalesException['kind']> = {
  'ticket.discount': 'discount',
  'ticket.line.discount': 'discount',
  'ticket.line.comp': 'comp',
  'ticket.line.cancel': 'cancel',
  'ticket.reopen': 'reopen',
};

/**
 * İstisnalar of a period: İndirim, İkram, İptal and reopen from the audit log (by time, within the
 * period's business-day bounds; taking an İndirim or İkram back is not listed), İade from the refunds
 * of the period's days. Newest first, at most `limit`, with the total count.
 */
async function exceptionsOf(db: Db, restaurantId: string, from: string, to: string, tz: string, startHour: number, limit: number) {
  const bounds = periodBounds({ from, to }, tz, startHour);
  const given = sql`a.restaurant_id = ${restaurantId} and a.created_at >= ${bounds.from.toISOString()} and a.created_at < ${bounds.to.toISOString()}
    and a.action in ('ticket.discount', 'ticket.line.discount', 'ticket.line.comp', 'ticket.line.cancel', 'ticket.reopen')
    and not (a.action in ('ticket.discount', 'ticket.line.discount') and coalesce(a.after->'discount', 'null'::jsonb) = 'null'::jsonb)
    and not (a.action = 'ticket.line.comp' and coalesce(a.after->>'isComp', '') = 'false')`;
  const [audit, refundRows, counts] = await readAll(db, [
    () => db.execute(sql`select a.id::text as id, a.action, a.created_at as at, a.entity_id as ticket_id, t.bill_number, t.table_name,
        a.actor_user_id as actor, a.approver_user_id as approver, a.reason, a.after,
        l.unit_price_kurus as unit_price, l.quantity as line_quantity,
        case when a.action = 'ticket.reopen' then (select (c.after->>'total')::int from audit_events c
          where c.restaurant_id = a.restaurant_id and c.entity = 'ticket' and c.entity_id = a.entity_id and c.action = 'ticket.close' and c.id < a.id
          order by c.id desc limit 1) end as closed_total
      from audit_events a
      left join tickets t on t.id = a.entity_id::uuid
      left join ticket_lines l on a.action in ('ticket.line.comp', 'ticket.line.cancel', 'ticket.line.discount') and l.id = (a.after->>'lineId')::uuid
      where ${given}
      order by a.created_at desc, a.id desc limit ${limit}`),
    () => db.execute(sql`select r.id::text as id, r.created_at as at, r.ticket_id::text as ticket_id, t.bill_number, t.table_name,
        r.created_by as actor, r.approved_by as approver, r.reason, r.amount_kurus as amount
      from refunds r join tickets t on t.id = r.ticket_id
      where r.restaurant_id = ${restaurantId} and r.business_day between ${from} and ${to}
      order by r.created_at desc limit ${limit}`),
    () => db.execute(sql`select (select count(*) from audit_events a where ${given})::int as audit,
        (select count(*) from refunds r where r.restaurant_id = ${restaurantId} and r.business_day between ${from} and ${to})::int as refunds`),
  ]);
  const rows = rowsOf<AuditException>(audit);
  const refundList = rowsOf<{ id: string; at: Date | string; ticket_id: string; bill_number: number | null; table_name: string | null; actor: string | null; approver: string | null; reason: string; amount: number }>(refundRows);
  const names = await staffNames(db, [...rows.flatMap((r) => [r.actor, r.approver]), ...refundList.flatMap((r) => [r.actor, r.approver])]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const list: SalesException[] = rows.map((r) => {
    const kind = ACTION_KIND[r.action];
    const after = (typeof r.after === 'string' ? JSON.parse(r.after) : (r.after ?? {})) as Record<string, unknown>;
    const quantity = typeof after.quantity === 'number' ? after.quantity : null;
    let amount: number | null = null;
    let reason = r.reason;
    if (kind === 'comp' || kind === 'cancel') amount = r.unit_price !== null && quantity !== null ? r.unit_price * quantity : null;
    else if (kind === 'reopen') amount = r.closed_total;
    else {
      const d = after.discount as { type: string; value: number; label?: string } | null;
      if (d?.type === 'amount') amount = d.value;
      // a percent off a line: of the line's gross as stored now; a percent off the whole bill: what it
      // came to when given (its audit row says; rows written before it did have none)
      else if (d?.type === 'percent' && r.action === 'ticket.line.discount' && r.unit_price !== null && r.line_quantity !== null) {
        amount = mulDivRound(r.unit_price * r.line_quantity, d.value, 100);
      } else if (d?.type === 'percent' && typeof after.amount === 'number') amount = after.amount;
      reason = reason ?? d?.label ?? null;
    }
    return {
      kind,
      label: EXCEPTION_KIND_LABELS[kind] + (kind === 'discount' && (after.discount as { type?: string } | null)?.type === 'percent' ? ` (%${(after.discount as { value: number }).value})` : ''),
      at: iso(r.at),
      ticketId: r.ticket_id,
      billNumber: r.bill_number,
      tableName: r.table_name,
      itemName: typeof after.name === 'string' ? after.name : null,
      quantity,
      userId: r.actor,
      userName: r.actor ? (names.get(r.actor) ?? null) : null,
      approverId: r.approver,
      approverName: r.approver ? (names.get(r.approver) ?? null) : null,
      reason,
      amount,
    };
  });
  for (const r of refundList) {
    list.push({
      kind: 'refund',
      label: EXCEPTION_KIND_LABELS.refund,
      at: iso(r.at),
      ticketId: r.ticket_id,
      billNumber: r.bill_number,
      tableName: r.table_name,
      itemName: null,
      quantity: null,
      userId: r.actor,
      userName: r.actor ? (names.get(r.actor) ?? null) : null,
      approverId: r.approver,
      approverName: r.approver ? (names.get(r.approver) ?? null) : null,
      reason: r.reason,
      amount: r.amount,
    });
  }
  list.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const c = rowsOf<{ audit: number; refunds: number }>(counts)[0];
  return { list: list.slice(0, limit), total: Number(c.audit) + Number(c.refunds) };
}

