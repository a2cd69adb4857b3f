// A year of a busy restaurant, written straight into a Sofra database (not through the HTTP API):
// the data bench/reports.mjs measures the sales report on.
//
//   - one restaurant, an owner and 8 waiters (their share of the bills uneven, one of them giving far
//     more İkram / İptal than the others), 8 categories × 8 dishes (drinks at 20 % VAT, food at
//     10 %), 3 sections × 10 tables;
//   - DAYS business days ending yesterday (Europe/Istanbul, day from 05:00): about 330 bills a day,
//     more on Friday and Saturday (≥ 120,000 bills), each closed at a realistic hour between 11:00 and
//     01:59 with peaks at lunch (13:00) and dinner (20:00–21:00) — bills after midnight belong to the
//     business day before, as the server files them;
//   - 75 % table bills (1–6 guests), 15 % Gel-Al, 10 % Paket Servis; 1–8 lines a bill (≥ 500,000 lines),
//     30 % with an option (+25 TL "Ekstra peynir"), 15 % with quantity 2–3;
//   - İptal on 3 % of lines, İkram on 4 %, 10 % off on 4 % of lines, a bill discount on 6 % of bills,
//     10 % service charge on a fifth of the table bills — each with the audit row the command writes
//     (who, reason), so the İstisnalar list and the waiters' given figures have their real sources;
//   - payments that settle each bill to the kuruş (computeBill from src/shared/bill-math.ts): one
//     payment on 70 % of bills, 2–3 split ones on the rest; Nakit 35 %, Kredi Kartı 45 %, Yemek Kartı
//     (Multinet / Pluxee / Edenred) 12 %, Online 5 %, Cari 3 %; tips on a fifth of the card payments.
// Rows go in with INSERT … SELECT FROM jsonb_to_recordset in chunks of a few thousand (about 30–60 s
// for a year on two cores). The sales figures are NOT written here: the caller runs the server's
// one-time backfill (backfillSalesFigures), which also times that step.
//
// Deterministic: a seeded PRNG, so two runs produce the same restaurant.
//   generateYear(pgClient, { computeBill, days = 365, seed = 23 }) → { restaurantId, from, to, bills, lines, ... }
import { randomUUID } from 'node:crypto';

/** mulberry32: small, fast, seeded. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR_WEIGHTS = {
  11: 3, 12: 8, 13: 11, 14: 7, 15: 3, 16: 3, 17: 4, 18: 7, 19: 10, 20: 12, 21: 11, 22: 7, 23: 4, 24: 2, 25: 1,
};
const METHODS = [
  ['cash', 35],
  ['card', 45],
  ['meal_card', 12],
  ['online', 5],
  ['account', 3],
];
const BRANDS = ['Multinet', 'Pluxee', 'Edenred'];

const dayString = (ms) => new Date(ms).toISOString().slice(0, 10);

export async function generateYear(client, { computeBill, days = 365, seed = 23, log = console.log } = {}) {
  const rnd = prng(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const weighted = (pairs) => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let x = rnd() * total;
    for (const [v, w] of pairs) if ((x -= w) < 0) return v;
    return pairs.at(-1)[0];
  };
  const insert = async (table, columns, rows) => {
    for (let i = 0; i < rows.length; i += 4000) {
      const chunk = rows.slice(i, i + 4000);
      const names = columns.map(([c]) => c);
      await client.query(
        `insert into ${table} (${names.join(', ')}) select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${columns.map(([c, t]) => `${c} ${t}`).join(', ')})`,
        [JSON.stringify(chunk)],
      );
    }
  };

  // ---- the restaurant, its people, menu and floor
  const restaurantId = randomUUID();
  await client.query(`insert into restaurants (id, name) values ($1, 'Yıllık Lokanta')`, [restaurantId]);
  const people = [{ id: randomUUID(), name: 'Patron', role: 'owner' }, ...Array.from({ length: 8 }, (_, i) => ({ id: randomUUID(), name: `Garson ${i + 1}`, role: 'waiter' }))];
  await insert('users', [['id', 'uuid'], ['email', 'text'], ['name', 'text'], ['password_hash', 'text']], people.map((p) => ({ id: p.id, email: `${p.id}@bench.invalid`, name: p.name, password_hash: 'x' })));
  await insert('memberships', [['user_id', 'uuid'], ['restaurant_id', 'uuid'], ['role', 'text']], people.map((p) => ({ user_id: p.id, restaurant_id: restaurantId, role: p.role })));
  const owner = people[0];
  const waiters = people.slice(1);
  // uneven shares of the bills; waiter 8 gives three times the İkram / İptal of the others
  const waiterWeights = waiters.map((w, i) => [w, [18, 16, 14, 12, 12, 10, 10, 8][i]]);

  const categoryNames = ['Çorbalar', 'Mezeler', 'Ara Sıcaklar', 'Izgaralar', 'Pideler', 'Tatlılar', 'Soğuk İçecekler', 'Sıcak İçecekler'];
  const categories = categoryNames.map((name, i) => ({ id: randomUUID(), restaurant_id: restaurantId, icon: 'utensils', name, sort_order: i }));
  await insert('menu_categories', [['id', 'uuid'], ['restaurant_id', 'uuid'], ['icon', 'text'], ['name', 'text'], ['sort_order', 'int']], categories);
  const items = categories.flatMap((c, ci) =>
    Array.from({ length: 8 }, (_, i) => ({
      id: randomUUID(),
      restaurant_id: restaurantId,
      category_id: c.id,
      name: `${c.name.split(' ')[0]} ${i + 1}`,
      price_kurus: ci >= 6 ? 3_000 + i * 1_500 : 9_000 + ci * 4_000 + i * 2_500,
      vat_rate: ci >= 6 ? 20 : 10,
      station: ci >= 6 ? 'Bar' : 'Mutfak',
      sort_order: i,
    })),
  );
  await insert('menu_items', [['id', 'uuid'], ['restaurant_id', 'uuid'], ['category_id', 'uuid'], ['name', 'text'], ['price_kurus', 'int'], ['vat_rate', 'int'], ['station', 'text'], ['sort_order', 'int']], items);
  // popular dishes first: a skewed pick
  const itemPick = () => items[Math.floor(items.length * rnd() ** 1.6)];
  const sections = ['Salon', 'Bahçe', 'Teras'].map((name, i) => ({ id: randomUUID(), restaurant_id: restaurantId, name, sort_order: i }));
  await insert('sections', [['id', 'uuid'], ['restaurant_id', 'uuid'], ['name', 'text'], ['sort_order', 'int']], sections);
  const tables = sections.flatMap((s, si) => Array.from({ length: 10 }, (_, i) => ({ id: randomUUID(), restaurant_id: restaurantId, section_id: s.id, name: `${s.name[0]}${i + 1}`, sort_order: si * 10 + i })));
  await insert('dining_tables', [['id', 'uuid'], ['restaurant_id', 'uuid'], ['section_id', 'uuid'], ['name', 'text'], ['sort_order', 'int']], tables);

  // ---- the days
  const todayMs = Date.parse(`${new Date(Date.now() + 3 * 3600_000 - 5 * 3600_000).toISOString().slice(0, 10)}T00:00:00Z`);
  const firstMs = todayMs - days * 86_400_000;
  let number = 0;
  const counts = { bills: 0, lines: 0, payments: 0, audit: 0 };
  let buffer = { tickets: [], lines: [], payments: [], audit: [] };
  const flush = async () => {
    await insert(
      'tickets',
      [['id', 'uuid'], ['restaurant_id', 'uuid'], ['number', 'int'], ['type', 'text'], ['table_id', 'uuid'], ['table_name', 'text'], ['status', 'text'], ['guests', 'int'], ['waiter_id', 'uuid'],
        ['discount', 'jsonb'], ['service_charge_percent', 'numeric'], ['bill_number', 'int'], ['opened_at', 'timestamptz'], ['closed_at', 'timestamptz'], ['closed_by', 'uuid'], ['business_day', 'date']],
      buffer.tickets,
    );
    await insert(
      'ticket_lines',
      [['id', 'uuid'], ['restaurant_id', 'uuid'], ['ticket_id', 'uuid'], ['menu_item_id', 'uuid'], ['name', 'text'], ['unit_price_kurus', 'int'], ['options', 'jsonb'], ['quantity', 'int'], ['vat_rate', 'int'],
        ['station', 'text'], ['status', 'text'], ['sort_order', 'int'], ['added_by', 'uuid'], ['added_at', 'timestamptz'], ['cancelled_at', 'timestamptz'], ['cancel_reason', 'text'], ['is_comp', 'boolean'], ['comp_reason', 'text'], ['discount', 'jsonb']],
      buffer.lines,
    );
    await insert('payments', [['restaurant_id', 'uuid'], ['ticket_id', 'uuid'], ['method', 'text'], ['brand', 'text'], ['amount_kurus', 'int'], ['tip_kurus', 'int'], ['taken_by', 'uuid'], ['created_at', 'timestamptz']], buffer.payments);
    await insert(
      'audit_events',
      [['restaurant_id', 'uuid'], ['actor_user_id', 'uuid'], ['actor_role', 'text'], ['approver_user_id', 'uuid'], ['action', 'text'], ['entity', 'text'], ['entity_id', 'text'], ['after', 'jsonb'], ['reason', 'text'], ['created_at', 'timestamptz']],
      buffer.audit,
    );
    buffer = { tickets: [], lines: [], payments: [], audit: [] };
  };

  const t0 = performance.now();
  for (let d = 0; d < days; d++) {
    const dayMs = firstMs + d * 86_400_000;
    const day = dayString(dayMs);
    const weekday = new Date(dayMs).getUTCDay(); // 5 Friday, 6 Saturday
    const n = Math.round((weekday === 5 || weekday === 6 ? 400 : 310) * (0.9 + rnd() * 0.2));
    for (let b = 0; b < n; b++) {
      const hour = Number(weighted(Object.entries(HOUR_WEIGHTS)));
      // Istanbul is UTC+3 all year: local hour h on `day` is UTC h − 3 (hours 24, 25 are the next calendar day)
      const closedMs = dayMs + (hour - 3) * 3_600_000 + Math.floor(rnd() * 3_600_000);
      const closedAt = new Date(closedMs).toISOString();
      const waiter = weighted(waiterWeights);
      const generous = waiter === waiters[7] ? 3 : 1;
      const type = weighted([['table', 75], ['takeaway', 15], ['delivery', 10]]);
      const table = type === 'table' ? pick(tables) : null;
      const ticketId = randomUUID();
      const lineCount = 1 + Math.floor(rnd() ** 1.15 * 8);
      const lines = [];
      for (let l = 0; l < lineCount; l++) {
        const item = itemPick();
        const withOption = rnd() < 0.3;
        const unitPrice = item.price_kurus + (withOption ? 2_500 : 0);
        const quantity = rnd() < 0.85 ? 1 : rnd() < 0.7 ? 2 : 3;
        const cancelled = rnd() < 0.03 * generous;
        const comp = !cancelled && rnd() < 0.04 * generous;
        const discount = !cancelled && !comp && rnd() < 0.04 ? { type: 'percent', value: 10, label: 'Müdavim' } : null;
        const lineId = randomUUID();
        const addedAt = new Date(closedMs - (40 + Math.floor(rnd() * 50)) * 60_000).toISOString();
        lines.push({
          id: lineId,
          restaurant_id: restaurantId,
          ticket_id: ticketId,
          menu_item_id: item.id,
          name: item.name,
          unit_price_kurus: unitPrice,
          options: withOption ? [{ groupName: 'Ekstra', name: 'Ekstra peynir', price: 2_500 }] : [],
          quantity,
          vat_rate: item.vat_rate,
          station: item.station,
          status: cancelled ? 'cancelled' : 'served',
          sort_order: l,
          added_by: waiter.id,
          added_at: addedAt,
          cancelled_at: cancelled ? addedAt : null,
          cancel_reason: cancelled ? 'Müşteri vazgeçti' : null,
          is_comp: comp,
          comp_reason: comp ? 'İkram' : null,
          discount,
        });
        const actor = rnd() < 0.9 ? waiter : owner;
        const audit = (action, after, reason) =>
          buffer.audit.push({ restaurant_id: restaurantId, actor_user_id: actor.id, actor_role: actor.role, approver_user_id: actor === owner ? null : rnd() < 0.3 ? owner.id : null, action, entity: 'ticket', entity_id: ticketId, after, reason, created_at: addedAt });
        if (cancelled) audit('ticket.line.cancel', { lineId, name: item.name, quantity, status: 'cancelled' }, 'Müşteri vazgeçti');
        if (comp) audit('ticket.line.comp', { lineId, name: item.name, quantity, isComp: true }, 'İkram');
        if (discount) audit('ticket.line.discount', { lineId, name: item.name, discount }, discount.label);
      }
      const ticketDiscount = rnd() < 0.06 ? (rnd() < 0.5 ? { type: 'percent', value: 10, label: 'Tanıdık' } : { type: 'amount', value: 2_000, label: 'Kampanya' }) : null;
      const service = type === 'table' && rnd() < 0.2 ? 10 : 0;
      const billLines = lines.map((l) => ({ unitPrice: l.unit_price_kurus, quantity: l.quantity, status: l.status, isComp: l.is_comp, discount: l.discount, vatRate: l.vat_rate }));
      let discountUsed = ticketDiscount;
      let bill;
      try {
        bill = computeBill({ lines: billLines, discount: ticketDiscount, serviceChargePercent: service });
      } catch {
        discountUsed = null; // an amount over what is left (all comped): no bill discount
        bill = computeBill({ lines: billLines, discount: null, serviceChargePercent: service });
      }
      if (discountUsed) {
        const actor = rnd() < 0.8 ? waiter : owner;
        buffer.audit.push({ restaurant_id: restaurantId, actor_user_id: actor.id, actor_role: actor.role, approver_user_id: null, action: 'ticket.discount', entity: 'ticket', entity_id: ticketId, after: { discount: discountUsed }, reason: discountUsed.label, created_at: closedAt });
      }
      number++;
      buffer.tickets.push({
        id: ticketId,
        restaurant_id: restaurantId,
        number,
        type,
        table_id: table?.id ?? null,
        table_name: table?.name ?? null,
        status: 'closed',
        guests: type === 'table' ? 1 + Math.floor(rnd() * 6) : null,
        waiter_id: waiter.id,
        discount: discountUsed,
        service_charge_percent: service,
        bill_number: number,
        opened_at: new Date(closedMs - 95 * 60_000).toISOString(),
        closed_at: closedAt,
        closed_by: waiter.id,
        business_day: day,
      });
      // payments that settle the bill exactly
      const parts = bill.total === 0 ? [] : rnd() < 0.7 ? [bill.total] : (() => {
        const k = rnd() < 0.6 ? 2 : 3;
        const base = Math.floor(bill.total / k);
        return Array.from({ length: k }, (_, i) => (i === k - 1 ? bill.total - base * (k - 1) : base));
      })();
      for (const amount of parts) {
        const method = weighted(METHODS);
        buffer.payments.push({
          restaurant_id: restaurantId,
          ticket_id: ticketId,
          method,
          brand: method === 'meal_card' ? pick(BRANDS) : null,
          amount_kurus: amount,
          tip_kurus: method === 'card' && rnd() < 0.2 ? 500 * (1 + Math.floor(rnd() * 10)) : 0,
          taken_by: waiter.id,
          created_at: closedAt,
        });
      }
      counts.bills++;
      counts.lines += lines.length;
      counts.payments += parts.length;
      buffer.lines.push(...lines);
    }
    counts.audit = counts.audit + 0;
    if (buffer.tickets.length >= 6_000 || d === days - 1) {
      counts.audit += buffer.audit.length;
      await flush();
      log(`  ${day}: ${counts.bills} bills, ${counts.lines} lines written (${Math.round((performance.now() - t0) / 1000)} s)`);
    }
  }
  await client.query('update restaurants set last_bill_number = $1 where id = $2', [number, restaurantId]);
  await client.query('analyze');
  return { restaurantId, from: dayString(firstMs), to: dayString(firstMs + (days - 1) * 86_400_000), ...counts, seconds: Math.round((performance.now() - t0) / 1000) };
}
