// After the storm: what the database holds against what the server acknowledged. Every
// acknowledged action must be there exactly once, nothing may be there that no request of ours
// could have made, every closed bill must add up and bill numbers must have no gap.

/** The rows the checks need, read with SQL (a PostgreSQL connection or the PGlite directory). */
export async function loadFromSql(query, { restaurantId, tableIds, keyPrefix }) {
  const tickets = await query(
    `select id, table_id as "tableId", status, number, bill_number as "billNumber", version
       from tickets where restaurant_id = $1 and table_id = any($2::uuid[])`,
    [restaurantId, tableIds],
  );
  const ticketIds = tickets.map((t) => t.id);
  const lines = await query(
    `select id, ticket_id as "ticketId", note, quantity, unit_price_kurus as "unitPrice", status, batch_id as "batchId", is_comp as "isComp"
       from ticket_lines where ticket_id = any($1::uuid[])`,
    [ticketIds],
  );
  const batches = await query(`select id, ticket_id as "ticketId", sequence from kitchen_batches where ticket_id = any($1::uuid[])`, [ticketIds]);
  const payments = await query(
    `select id, ticket_id as "ticketId", method, amount_kurus as "amount", tip_kurus as "tip", change_kurus as "change"
       from payments where ticket_id = any($1::uuid[])`,
    [ticketIds],
  );
  const keys = await query(
    `select key, route, status_code as "statusCode", applied_at is not null as "applied"
       from idempotency_keys where restaurant_id = $1 and key like $2`,
    [restaurantId, `${keyPrefix}%`],
  );
  const billNumbers = (await query(`select bill_number as n from tickets where restaurant_id = $1 and bill_number is not null order by 1`, [restaurantId])).map((r) => Number(r.n));
  const ticketNumbers = (await query(`select number as n from tickets where restaurant_id = $1 order by 1`, [restaurantId])).map((r) => Number(r.n));
  const [restaurant] = await query(`select last_bill_number as "lastBillNumber" from restaurants where id = $1`, [restaurantId]);
  return { source: 'sql', tickets, lines, batches, payments, keys, billNumbers, ticketNumbers, lastBillNumber: restaurant ? Number(restaurant.lastBillNumber) : null };
}

/**
 * The same rows through the API as the owner, for a database this script cannot open. Weaker:
 * no idempotency table, and a kitchen batch is seen only through its lines.
 */
export async function loadFromApi(owner, { tableIds, actions }) {
  const ids = new Set(actions.map((a) => a.ticketId).filter(Boolean));
  for (const s of await owner.get('/tickets')) if (tableIds.includes(s.tableId)) ids.add(s.id);
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const bills = await owner.get(`/bills?from=${day(-1)}&to=${day(1)}`);
  const tickets = [];
  const lines = [];
  const payments = [];
  const batchIds = new Map();
  const all = await Promise.all([...ids].map((id) => owner.get(`/tickets/${id}`)));
  for (const t of all) {
    if (!tableIds.includes(t.tableId)) continue;
    tickets.push({ id: t.id, tableId: t.tableId, status: t.status, number: t.number, billNumber: t.billNumber, version: t.version });
    for (const l of t.lines) {
      lines.push({ id: l.id, ticketId: t.id, note: l.note, quantity: l.quantity, unitPrice: l.unitPrice, status: l.status, batchId: l.batchId, isComp: l.isComp });
      if (l.batchId) batchIds.set(l.batchId, t.id);
    }
    for (const p of t.payments) payments.push({ id: p.id, ticketId: t.id, method: p.method, amount: p.amount, tip: p.tip, change: p.change });
  }
  const batches = [...batchIds].map(([id, ticketId]) => ({ id, ticketId, sequence: null }));
  return {
    source: 'api',
    tickets,
    lines,
    batches,
    payments,
    keys: null,
    billNumbers: bills.map((b) => b.billNumber).sort((a, b) => a - b),
    ticketNumbers: null,
    lastBillNumber: null,
  };
}

/** Runs every check; answers figures and the list of problems (empty = all holds). */
export async function verify(data, actions, owner) {
  const problems = [];
  const fig = { duplicates: 0, lost: 0, unexplained: 0, billsChecked: 0 };
  const dup = (msg) => (fig.duplicates++, problems.push(`ÇİFT: ${msg}`));
  const lost = (msg) => (fig.lost++, problems.push(`KAYIP: ${msg}`));
  const unexplained = (msg) => (fig.unexplained++, problems.push(`AÇIKLANAMAYAN: ${msg}`));
  const applied = (a) => a.outcome === 'applied' || a.outcome === 'applied-no-answer';
  const unsure = (a) => a.outcome === 'pending'; // never got a verdict: may or may not have run, once
  const count = (list, pred) => list.reduce((n, x) => n + (pred(x) ? 1 : 0), 0);
  const byTicket = (list) => {
    const m = new Map();
    for (const x of list) m.set(x.ticketId, [...(m.get(x.ticketId) ?? []), x]);
    return m;
  };

  // Tickets: one per applied open, per table.
  const ticketById = new Map(data.tickets.map((t) => [t.id, t]));
  for (const a of actions.filter((x) => x.kind === 'open' && x.outcome === 'applied')) {
    if (!ticketById.has(a.ticketId)) lost(`${a.key}: açılan adisyon ${a.ticketId} yok`);
  }
  for (const tableId of new Set(actions.map((a) => a.tableId))) {
    const opens = actions.filter((a) => a.kind === 'open' && a.tableId === tableId);
    const have = count(data.tickets, (t) => t.tableId === tableId);
    const min = count(opens, applied);
    const max = min + count(opens, unsure);
    if (have > max) (have > opens.length ? unexplained : dup)(`masa ${opens[0]?.table}: ${have} adisyon, en fazla ${max} açılabilirdi`);
    if (have < min) lost(`masa ${opens[0]?.table}: ${have} adisyon, ${min} açılış onaylandı`);
  }

  // Lines: each carries its request's key in the note.
  const actionByKey = new Map(actions.map((a) => [a.key, a]));
  const linesByKey = new Map();
  for (const l of data.lines) {
    const m = /^fk (\S+) (\d+)$/.exec(l.note ?? '');
    const a = m && actionByKey.get(m[1]);
    if (!a || a.kind !== 'lines') {
      unexplained(`satır ${l.id} (not: ${JSON.stringify(l.note)}) hiçbir isteğimize ait değil`);
      continue;
    }
    linesByKey.set(a.key, [...(linesByKey.get(a.key) ?? []), l]);
  }
  for (const a of actions.filter((x) => x.kind === 'lines')) {
    const have = linesByKey.get(a.key) ?? [];
    if (have.length > a.lineCount) dup(`${a.key}: ${have.length} satır, istek ${a.lineCount} satır ekledi`);
    else if (applied(a) && have.length < a.lineCount) lost(`${a.key}: ${have.length}/${a.lineCount} satır var`);
    else if (a.outcome === 'rejected' && have.length > 0) unexplained(`${a.key}: reddedilen isteğin ${have.length} satırı var`);
    else if (unsure(a) && have.length !== 0 && have.length !== a.lineCount) unexplained(`${a.key}: yarım uygulanmış (${have.length}/${a.lineCount})`);
    for (const id of a.lineIds ?? []) if (!have.some((l) => l.id === id)) lost(`${a.key}: onaylanan satır ${id} yok`);
  }

  // Kitchen batches: one per applied send, and the lines it named point at it.
  const batchesByTicket = byTicket(data.batches);
  const linesById = new Map(data.lines.map((l) => [l.id, l]));
  for (const a of actions.filter((x) => x.kind === 'send' && x.outcome === 'applied')) {
    if (!data.batches.some((b) => b.id === a.batchId)) lost(`${a.key}: mutfak fişi ${a.batchId} yok`);
    for (const id of a.batchLineIds) if (linesById.get(id)?.batchId !== a.batchId) lost(`${a.key}: satır ${id} fişe bağlı değil`);
  }
  if (data.source === 'sql') {
    for (const [ticketId, sends] of byTicket(actions.filter((x) => x.kind === 'send'))) {
      const have = (batchesByTicket.get(ticketId) ?? []).length;
      const min = count(sends, applied);
      const max = min + count(sends, unsure);
      if (have > max) dup(`adisyon ${ticketId}: ${have} mutfak fişi, en fazla ${max} gönderim`);
      if (have < min) lost(`adisyon ${ticketId}: ${have} mutfak fişi, ${min} gönderim onaylandı`);
    }
    for (const [ticketId, list] of batchesByTicket) {
      const seqs = list.map((b) => b.sequence).sort((x, y) => x - y);
      if (seqs.some((s, i) => s !== i + 1)) problems.push(`adisyon ${ticketId}: mutfak fişi sıra numaraları ${seqs.join(',')}`);
    }
  }

  // Payments: one per applied payment request, per ticket; the acknowledged ones by id and amount.
  const paymentsByTicket = byTicket(data.payments);
  for (const a of actions.filter((x) => x.kind === 'payment' && x.outcome === 'applied')) {
    const p = data.payments.find((x) => x.id === a.paymentId);
    if (!p) lost(`${a.key}: ödeme ${a.paymentId} yok`);
    else if (a.settled !== null && p.amount !== a.settled) problems.push(`${a.key}: ödeme tutarı ${p.amount}, yanıt ${a.settled} dedi`);
  }
  const paymentTickets = new Set([...data.payments.map((p) => p.ticketId), ...actions.filter((x) => x.kind === 'payment').map((x) => x.ticketId)]);
  for (const ticketId of paymentTickets) {
    const reqs = actions.filter((x) => x.kind === 'payment' && x.ticketId === ticketId);
    const have = (paymentsByTicket.get(ticketId) ?? []).length;
    const min = count(reqs, applied);
    const max = min + count(reqs, unsure);
    if (have > max) (reqs.length ? dup : unexplained)(`adisyon ${ticketId}: ${have} ödeme, en fazla ${max} ödeme isteği`);
    if (have < min) lost(`adisyon ${ticketId}: ${have} ödeme, ${min} ödeme onaylandı`);
  }

  // Closes: the acknowledged bill number is on the ticket; every closed ticket was closed by us.
  for (const a of actions.filter((x) => x.kind === 'close' && applied(x))) {
    const t = ticketById.get(a.ticketId);
    if (!t || t.status !== 'closed') lost(`${a.key}: adisyon ${a.ticketId} kapalı değil`);
    else if (a.billNumber !== undefined && t.billNumber !== a.billNumber) problems.push(`${a.key}: hesap no ${t.billNumber}, yanıt ${a.billNumber} dedi`);
  }
  for (const t of data.tickets.filter((x) => x.status === 'closed')) {
    const closes = actions.filter((x) => x.kind === 'close' && x.ticketId === t.id && (applied(x) || unsure(x)));
    if (closes.length === 0) unexplained(`adisyon ${t.id} kapalı ama kapatma isteğimiz yok`);
  }

  // The idempotency table: every applied key once, marked applied, with the answer we got.
  if (data.keys) {
    const keyRows = new Map();
    for (const k of data.keys) {
      if (keyRows.has(k.key)) dup(`anahtar ${k.key} iki kez kayıtlı`);
      keyRows.set(k.key, k);
      if (!actionByKey.has(k.key)) unexplained(`anahtar ${k.key} hiçbir isteğimize ait değil`);
    }
    for (const a of actions.filter(applied)) {
      const k = keyRows.get(a.key);
      if (!k) lost(`${a.key}: idempotency kaydı yok`);
      else if (!k.applied) problems.push(`${a.key}: idempotency kaydı uygulanmış görünmüyor`);
      else if (a.outcome === 'applied' && k.statusCode !== null && Number(k.statusCode) !== a.status) problems.push(`${a.key}: kayıtlı yanıt ${k.statusCode}, alınan ${a.status}`);
    }
  }

  // Gapless numbers per restaurant.
  const gaps = (nums) => nums.filter((n, i) => n !== i + 1);
  const billRange = data.billNumbers.length ? `${data.billNumbers[0]}–${data.billNumbers.at(-1)}` : '-';
  if (gaps(data.billNumbers).length) problems.push(`hesap numaralarında boşluk/tekrar: ${data.billNumbers.join(',')}`);
  if (data.lastBillNumber !== null && data.lastBillNumber !== (data.billNumbers.at(-1) ?? 0)) {
    problems.push(`restoranın son hesap numarası ${data.lastBillNumber}, en büyük verilen ${data.billNumbers.at(-1)}`);
  }
  if (data.ticketNumbers && gaps(data.ticketNumbers).length) problems.push(`adisyon numaralarında boşluk/tekrar`);

  // Bill maths of every closed ticket: the server's figures and our own sums must agree.
  const closed = data.tickets.filter((t) => t.status === 'closed');
  const details = await Promise.all(closed.map((t) => owner.get(`/bills/${t.id}`)));
  for (const [i, t] of closed.entries()) {
    const { ticket } = details[i];
    const tt = ticket.totals;
    const lines = data.lines.filter((l) => l.ticketId === t.id);
    const pays = paymentsByTicket.get(t.id) ?? [];
    const subtotal = lines.filter((l) => l.status !== 'cancelled').reduce((s, l) => s + l.unitPrice * l.quantity, 0);
    const paid = pays.reduce((s, p) => s + p.amount, 0);
    const change = pays.reduce((s, p) => s + p.change, 0);
    const tips = pays.reduce((s, p) => s + p.tip, 0);
    const due = ticket.lines.reduce((s, l) => s + l.due, 0);
    const closeAck = actions.find((a) => a.kind === 'close' && a.outcome === 'applied' && a.ticketId === t.id);
    const checks = [
      ['ara toplam (satırlar)', tt.subtotal, subtotal],
      ['toplam = ara toplam − ikram − indirim + servis', tt.total, tt.subtotal - tt.comps - tt.discounts + tt.serviceCharge],
      ['satırların tutarı = toplam', due, tt.total],
      ['ödenen (ödemeler)', tt.paid, paid],
      ['ödenen = toplam', tt.paid, tt.total],
      ['kalan', tt.remaining, 0],
      ['para üstü', tt.change, change],
      ['bahşiş', tt.tips, tips],
      ['satır sayısı', ticket.lines.length, lines.length],
      ['ödeme sayısı', details[i].payments.length, pays.length],
      ['hesap no', ticket.billNumber, t.billNumber],
      ...(closeAck ? [['kapatma yanıtındaki toplam', closeAck.total, tt.total]] : []),
    ];
    for (const [what, got, want] of checks) if (got !== want) problems.push(`hesap ${t.billNumber} (${t.id}): ${what} ${got} ≠ ${want}`);
    fig.billsChecked++;
  }
  return { problems, figures: { ...fig, billRange, billsInDb: data.billNumbers.length } };
}
