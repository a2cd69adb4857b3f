import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AuditChainReport } from '../../../shared/audit-chain-contract';
import { canonicalJson } from '../../../shared/canonical-json';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, payments, restaurants, ticketLines, tickets } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { behindTheBack as behindTheBackOf } from '../../test-support/behind-the-back';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';
import { appendAuditRows } from './append-audit';
import { chainHeadText } from '../../../shared/day-close-contract';
import { auditRowContent, linkHash, type AuditContent } from './chain-hash';
import { findChainHead, parseChainHead } from './chain-head';
import { CHAIN_MESSAGES, verifyChains } from './verify';

/*
 * Every audit row and every closed bill is a link of its restaurant's hash chain: a change made
 * behind the application's back — with the append-only trigger switched off, as the database's
 * owner could — shows as the first link that no longer holds.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A restaurant after an evening: three bills (one with a discount and change), one reopened and closed again. */
async function eveningRestaurant() {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const closeWith = async (t: Ticket, pay: (t: Ticket) => Promise<unknown>) => {
    await pay(t);
    const now = await f.api().ticket(t.id);
    const res = await f.bills().close(now);
    expect(res.statusCode).toBe(200);
    return f.api().ticket(t.id);
  };
  const first = await closeWith(await f.sentTicket(), (t) => f.bills().pay(t, { method: 'card', amount: t.totals.remaining }));
  let second = await f.sentTicket({ ezogelin: 1, raki: 2 });
  second = (await f.bills(f.restaurant.owner).discount(second, { type: 'percent', value: 10, label: 'Müdavim İndirimi' })).json();
  second = await closeWith(second, async (t) => {
    await f.bills().pay(t, { method: 'cash', amount: 10_000, given: 20_000, tip: 500 });
    const rest = await f.api().ticket(t.id);
    await f.bills().pay(rest, { method: 'card', amount: rest.totals.remaining });
  });
  const third = await closeWith(await f.sentTicket({ ezogelin: 3 }), (t) => f.bills().pay(t, { method: 'card', amount: t.totals.remaining }));
  // the owner reopens the first bill and closes it again: the bills after it are linked anew
  const reopened = await f.api(f.restaurant.owner).call('POST', `/bills/${first.id}/reopen`, { reason: 'Yanlış masa, düzeltildi' });
  expect(reopened.statusCode).toBe(200);
  expect((await f.bills(f.restaurant.owner).close(reopened.json())).statusCode).toBe(200);
  return { f, bills: [first, second, third] };
}

const report = (restaurantId: string) => verifyChains(db(), restaurantId);

/** Runs `change` with every trigger of `table` off, as the database's superuser could. */
const behindTheBack = (table: 'audit_events' | 'tickets' | 'payments' | 'ticket_lines', change: () => Promise<unknown>) => behindTheBackOf(db(), [table], change);

const rowsOf = (restaurantId: string) => db().select().from(auditEvents).where(eq(auditEvents.restaurantId, restaurantId)).orderBy(asc(auditEvents.seq));

describe('the hash chains', () => {
  it('hold after an evening of commands, closed bills and a reopened bill closed again', async () => {
    const { f, bills } = await eveningRestaurant();
    const rows = await rowsOf(f.restaurant.id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.every((r, i) => r.prevHash === (i === 0 ? '0'.repeat(64) : rows[i - 1].hash))).toBe(true);
    const sealed = await db().select().from(tickets).where(eq(tickets.restaurantId, f.restaurant.id)).orderBy(asc(tickets.billNumber));
    expect(sealed.filter((t) => t.billNumber !== null).map((t) => t.billNumber)).toEqual([1, 2, 3]);
    expect(await report(f.restaurant.id)).toEqual({ auditRows: rows.length, auditRowsBeforeChain: 0, bills: 3, billsBeforeChain: 0, firstBroken: null, brokenChains: [] });
    expect(bills).toHaveLength(3);
  });

  it('are per restaurant: another restaurant starts its own at 1', async () => {
    const { f } = await eveningRestaurant();
    const other = await billsFixture(ctx);
    await other.sentTicket();
    const [first] = await rowsOf(other.restaurant.id);
    expect(first).toMatchObject({ seq: 1, prevHash: '0'.repeat(64) });
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
    expect((await report(other.restaurant.id)).firstBroken).toBeNull();
  });

  it('catch an audit row edited with the trigger off', async () => {
    const { f } = await eveningRestaurant();
    const rows = await rowsOf(f.restaurant.id);
    const payment = rows.find((r) => r.action === 'ticket.payment')!;
    await behindTheBack('audit_events', () => db().update(auditEvents).set({ after: { ...(payment.after as object), amount: 1 } }).where(eq(auditEvents.id, payment.id)));
    expect((await report(f.restaurant.id)).firstBroken).toEqual({ kind: 'audit', seq: payment.seq, billNumber: null, id: String(payment.id), reason: CHAIN_MESSAGES.hashMismatch });
  });

  it('cover every column of an audit row: an edit of any one of them breaks its link', async () => {
    // The content's keys are the table's columns less the row's id and its two hashes: a column
    // added later without joining the hash would be editable unseen.
    const columns = Object.keys(getTableColumns(auditEvents)).filter((k) => !['id', 'prevHash', 'hash'].includes(k));
    const { f } = await eveningRestaurant();
    const [row] = (await rowsOf(f.restaurant.id)).filter((r) => r.action === 'ticket.payment');
    expect(Object.keys(auditRowContent(row as AuditContent)).sort()).toEqual(columns.sort());
    const otherUser = f.restaurant.owner.user.id === row.actorUserId ? f.restaurant.waiter.user.id : f.restaurant.owner.user.id;
    // restaurantId and seq move the row out of its place: the tests above catch those
    const edits: Partial<typeof auditEvents.$inferInsert>[] = [
      { actorUserId: otherUser },
      { actorRole: row.actorRole === 'owner' ? 'waiter' : 'owner' },
      { approverUserId: otherUser },
      { action: 'ticket.discount' },
      { entity: 'payment' },
      { entityId: 'başka-bir-kayıt' },
      { before: { amount: 1 } },
      { after: { ...(row.after as object), amount: 1 } },
      { reason: 'sonradan eklendi' },
      { createdAt: new Date(row.createdAt.getTime() - 60_000) },
    ];
    expect(Object.keys(Object.assign({}, ...edits)).sort()).toEqual(columns.filter((k) => !['restaurantId', 'seq'].includes(k)).sort());
    for (const edit of edits) {
      await behindTheBack('audit_events', () => db().update(auditEvents).set(edit).where(eq(auditEvents.id, row.id)));
      expect({ edit, broken: (await report(f.restaurant.id)).firstBroken?.seq }).toEqual({ edit, broken: row.seq });
      await behindTheBack('audit_events', () => db().update(auditEvents).set(row).where(eq(auditEvents.id, row.id)));
      expect((await report(f.restaurant.id)).firstBroken).toBeNull();
    }
  });

  it('catch a back-dated row slipped in with a made-up hash, and one with no place at all', async () => {
    const { f } = await eveningRestaurant();
    const rows = await rowsOf(f.restaurant.id);
    const last = rows[rows.length - 1];
    const [forged] = await db()
      .insert(auditEvents)
      .values({
        restaurantId: f.restaurant.id,
        seq: last.seq! + 1,
        action: 'ticket.line.cancel',
        entity: 'ticket_line',
        entityId: 'x',
        reason: 'Müşteri istemedi',
        createdAt: new Date(rows[0].createdAt.getTime() - 3_600_000),
        prevHash: last.hash,
        hash: 'f'.repeat(64),
      })
      .returning();
    expect((await report(f.restaurant.id)).firstBroken).toEqual({ kind: 'audit', seq: forged.seq, billNumber: null, id: String(forged.id), reason: CHAIN_MESSAGES.hashMismatch });

    const other = await eveningRestaurant();
    const [loose] = await db().insert(auditEvents).values({ restaurantId: other.f.restaurant.id, action: 'ticket.close', entity: 'ticket', entityId: 'y' }).returning();
    expect((await report(other.f.restaurant.id)).firstBroken).toMatchObject({ kind: 'audit', seq: null, id: String(loose.id), reason: CHAIN_MESSAGES.seqMissing });
  });

  it('catch a row deleted from the middle', async () => {
    const { f } = await eveningRestaurant();
    const rows = await rowsOf(f.restaurant.id);
    const middle = rows[Math.floor(rows.length / 2)];
    await behindTheBack('audit_events', () => db().delete(auditEvents).where(eq(auditEvents.id, middle.id)));
    const next = rows.find((r) => r.seq === middle.seq! + 1)!;
    expect((await report(f.restaurant.id)).firstBroken).toEqual({ kind: 'audit', seq: next.seq, billNumber: null, id: String(next.id), reason: CHAIN_MESSAGES.seqGap(middle.seq!, middle.seq!) });
  });

  it('catch a row renumbered into a deleted one’s place (the link to the row before fails)', async () => {
    const { f } = await eveningRestaurant();
    const rows = await rowsOf(f.restaurant.id);
    const [a, b] = [rows[3], rows[4]];
    await behindTheBack('audit_events', async () => {
      await db().delete(auditEvents).where(eq(auditEvents.id, a.id));
      await db().update(auditEvents).set({ seq: a.seq }).where(eq(auditEvents.id, b.id));
    });
    expect((await report(f.restaurant.id)).firstBroken).toMatchObject({ kind: 'audit', seq: a.seq, id: String(b.id), reason: CHAIN_MESSAGES.prevMismatch });
  });

  it('catch a closed bill whose total was changed (a line’s price), and a payment changed', async () => {
    const { f, bills } = await eveningRestaurant();
    const second = bills[1];
    const [line] = await db().select().from(ticketLines).where(eq(ticketLines.ticketId, second.id)).limit(1);
    await behindTheBack('ticket_lines', () => db().update(ticketLines).set({ unitPriceKurus: line.unitPriceKurus - 1_000 }).where(eq(ticketLines.id, line.id)));
    expect((await report(f.restaurant.id)).firstBroken).toEqual({ kind: 'bill', seq: null, billNumber: 2, id: second.id, reason: CHAIN_MESSAGES.billContentChanged });

    const other = await eveningRestaurant();
    const third = other.bills[2];
    await behindTheBack('payments', () => db().update(payments).set({ tipKurus: 5_000 }).where(eq(payments.ticketId, third.id)));
    expect((await report(other.f.restaurant.id)).firstBroken).toMatchObject({ kind: 'bill', billNumber: 3, reason: CHAIN_MESSAGES.billContentChanged });
  });

  it('catch a sealed meal-card payment whose brand was rewritten (Multinet money shown as Pluxee)', async () => {
    const f = await billsFixture(ctx);
    await f.setSettings({ paymentMethods: ['cash', 'card', 'meal_card'], mealCardBrands: ['Multinet', 'Pluxee'] });
    const t = await f.sentTicket();
    expect((await f.bills().pay(t, { method: 'meal_card', brand: 'Multinet', amount: t.totals.remaining })).statusCode).toBe(200);
    expect((await f.bills().close(await f.api().ticket(t.id))).statusCode).toBe(200);
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
    await behindTheBack('payments', () => db().update(payments).set({ brand: 'Pluxee' }).where(eq(payments.ticketId, t.id)));
    expect((await report(f.restaurant.id)).firstBroken).toMatchObject({ kind: 'bill', billNumber: 1, id: t.id, reason: CHAIN_MESSAGES.billContentChanged });
  });

  it('catch a bill resealed by hand without relinking the bills after it', async () => {
    const { f, bills } = await eveningRestaurant();
    await behindTheBack('tickets', () => db().update(tickets).set({ billHash: 'a'.repeat(64) }).where(eq(tickets.id, bills[1].id)));
    expect((await report(f.restaurant.id)).firstBroken).toMatchObject({ kind: 'bill', billNumber: 2, reason: CHAIN_MESSAGES.billHashMismatch });
  });

  it('keep a bill left reopened in the chain, and relink through it when an earlier bill closes again', async () => {
    const { f, bills } = await eveningRestaurant();
    const owner = f.api(f.restaurant.owner);
    expect((await owner.call('POST', `/bills/${bills[1].id}/reopen`, { reason: 'Ödeme yöntemi yanlış' })).statusCode).toBe(200);
    const first = (await owner.call('POST', `/bills/${bills[0].id}/reopen`, { reason: 'Masa yanlış' })).json() as Ticket;
    expect((await f.bills(f.restaurant.owner).close(first)).statusCode).toBe(200);
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
    expect((await f.bills(f.restaurant.owner).close(await owner.ticket(bills[1].id))).statusCode).toBe(200);
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
  });

  it('never relink over a broken link: closing a reopened bill again leaves the evidence in place', async () => {
    const { f, bills } = await eveningRestaurant();
    await behindTheBack('tickets', () => db().update(tickets).set({ billHash: 'b'.repeat(64) }).where(eq(tickets.id, bills[2].id)));
    const owner = f.api(f.restaurant.owner);
    const first = (await owner.call('POST', `/bills/${bills[0].id}/reopen`, { reason: 'Masa yanlış' })).json() as Ticket;
    expect((await f.bills(f.restaurant.owner).close(first)).statusCode).toBe(200);
    expect((await report(f.restaurant.id)).firstBroken).toMatchObject({ kind: 'bill', billNumber: 3, id: bills[2].id });
  });

  it('catch a row back-dated 30 days with a right hash, written with the app’s own functions', async () => {
    const { f } = await eveningRestaurant();
    const thirtyDaysAgo = new Date(Date.now() - 30 * 86_400_000);
    await db().transaction((tx) =>
      appendAuditRows(tx, f.restaurant.id, [{ actorUserId: null, actorRole: 'system', approverUserId: null, action: 'ticket.line.cancel', entity: 'ticket_line', entityId: 'x', before: null, after: null, reason: 'Müşteri istemedi' }], thirtyDaysAgo),
    );
    const [forged] = (await rowsOf(f.restaurant.id)).slice(-1);
    expect((await report(f.restaurant.id)).firstBroken).toEqual({ kind: 'audit', seq: forged.seq, billNumber: null, id: String(forged.id), reason: CHAIN_MESSAGES.timeWentBack });
  });

  it.each(['void', 'open'])('catch a sealed bill whose status was set to %s behind the app’s back (no reopen recorded)', async (status) => {
    const { f, bills } = await eveningRestaurant();
    await behindTheBack('tickets', () => db().update(tickets).set({ status }).where(eq(tickets.id, bills[1].id)));
    expect((await report(f.restaurant.id)).firstBroken).toMatchObject({ kind: 'bill', billNumber: bills[1].billNumber, reason: CHAIN_MESSAGES.billStatusChanged });
  });

  it('catch the bill-number counter moved on (the next bill would be No 7 after No 3)', async () => {
    const { f } = await eveningRestaurant();
    await db().update(restaurants).set({ lastBillNumber: sql`${restaurants.lastBillNumber} + 3` }).where(eq(restaurants.id, f.restaurant.id));
    expect((await report(f.restaurant.id)).firstBroken).toMatchObject({ kind: 'bill', billNumber: 3, reason: CHAIN_MESSAGES.billCounterMismatch(6, 3) });
  });

  it('a printed chain head proves the rows before it: rewritten and resealed with the app’s own hash, the chain reads whole but the head is gone', async () => {
    const { f } = await eveningRestaurant();
    const rows = await rowsOf(f.restaurant.id);
    const printed = parseChainHead(chainHeadText(rows.at(-1)!.hash!))!;
    expect(await findChainHead(db(), f.restaurant.id, printed)).toMatchObject({ seq: rows.at(-1)!.seq });

    // a payment's amount rewritten, then every link from it on re-hashed as the app would
    const at = rows.findIndex((r) => r.action === 'ticket.payment');
    let prevHash = rows[at - 1].hash!;
    for (const row of rows.slice(at)) {
      const changed = row === rows[at] ? { ...row, after: { ...(row.after as object), amount: 1 } } : row;
      const hash = linkHash(prevHash, auditRowContent(changed as AuditContent));
      await behindTheBack('audit_events', () => db().update(auditEvents).set({ after: changed.after, prevHash, hash }).where(eq(auditEvents.id, row.id)));
      prevHash = hash;
    }
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
    expect(await findChainHead(db(), f.restaurant.id, printed)).toBeNull();
    expect(parseChainHead('a1b2 c3d4')).toBeNull();
    expect(parseChainHead(' A1B2 c3d4 E5F6 0718 ')).toBe('a1b2c3d4e5f60718');
  });

  it('treat rows and bills from before the chain as a prefix, counted but not checked', async () => {
    const r = await staffedRestaurant(ctx);
    // as the 0010 migration leaves them: numbered, no hashes
    await db().insert(auditEvents).values([1, 2].map((seq) => ({ restaurantId: r.id, seq, action: 'menu.item.create', entity: 'menu_item', entityId: `old-${seq}` })));
    await db().transaction((tx) => appendAuditRows(tx, r.id, [{ actorUserId: null, actorRole: 'system', approverUserId: null, action: 'menu.item.update', entity: 'menu_item', entityId: 'new', before: null, after: { ad: 'Künefe' }, reason: null }]));
    const rows = await rowsOf(r.id);
    expect(rows.map((x) => [x.seq, x.prevHash === '0'.repeat(64)])).toEqual([[1, false], [2, false], [3, true]]);
    expect(await report(r.id)).toEqual({ auditRows: 3, auditRowsBeforeChain: 2, bills: 0, billsBeforeChain: 0, firstBroken: null, brokenChains: [] });

    // an unhashed row after the chain started is no old row
    await db().insert(auditEvents).values({ restaurantId: r.id, seq: 4, action: 'menu.item.delete', entity: 'menu_item', entityId: 'x' });
    expect((await report(r.id)).firstBroken).toMatchObject({ kind: 'audit', seq: 4, reason: CHAIN_MESSAGES.hashMissing });
  });

  it('catch the first link whose hash was taken away: a row that names a previous hash is no old row', async () => {
    const r = await staffedRestaurant(ctx);
    const row = (entityId: string) => ({ actorUserId: null, actorRole: 'system', approverUserId: null, action: 'menu.item.update', entity: 'menu_item', entityId, before: null, after: null, reason: null });
    await db().transaction((tx) => appendAuditRows(tx, r.id, [row('a'), row('b')]));
    const [first] = await rowsOf(r.id);
    await behindTheBack('audit_events', () => db().update(auditEvents).set({ hash: null }).where(eq(auditEvents.id, first.id)));
    const got = await report(r.id);
    expect(got.auditRowsBeforeChain).toBe(0);
    expect(got.firstBroken).toMatchObject({ kind: 'audit', seq: 1, reason: CHAIN_MESSAGES.hashMismatch });
  });
});

describe('a sealed bill refuses the server’s own database role', () => {
  const refused = { code: '42501' };
  const lineOf = async (ticketId: string) => (await db().select().from(ticketLines).where(eq(ticketLines.ticketId, ticketId)).limit(1))[0];
  const edits: [string, (bill: Ticket) => Promise<unknown>][] = [
    ['its status set to void', (b) => db().update(tickets).set({ status: 'void' }).where(eq(tickets.id, b.id))],
    ['its status set to open with no reopen recorded', (b) => db().update(tickets).set({ status: 'open' }).where(eq(tickets.id, b.id))],
    ['its discount changed', (b) => db().update(tickets).set({ discount: { type: 'percent', value: 50, label: 'x' } }).where(eq(tickets.id, b.id))],
    ['its service charge changed', (b) => db().update(tickets).set({ serviceChargePercent: 25 }).where(eq(tickets.id, b.id))],
    ['its closing time moved', (b) => db().update(tickets).set({ closedAt: new Date(0) }).where(eq(tickets.id, b.id))],
    ['its business day moved', (b) => db().update(tickets).set({ businessDay: '2001-01-01' }).where(eq(tickets.id, b.id))],
    ['its number changed', (b) => db().update(tickets).set({ billNumber: 99 }).where(eq(tickets.id, b.id))],
    ['its digest replaced', (b) => db().update(tickets).set({ billDigest: 'c'.repeat(64) }).where(eq(tickets.id, b.id))],
    ['its hash replaced by one that does not follow from its link', (b) => db().update(tickets).set({ billHash: 'a'.repeat(64) }).where(eq(tickets.id, b.id))],
    ['a line’s price lowered', async (b) => db().update(ticketLines).set({ unitPriceKurus: 1 }).where(eq(ticketLines.id, (await lineOf(b.id)).id))],
    ['a line’s quantity changed', async (b) => db().update(ticketLines).set({ quantity: 9 }).where(eq(ticketLines.id, (await lineOf(b.id)).id))],
    ['a line cancelled', async (b) => db().update(ticketLines).set({ status: 'cancelled' }).where(eq(ticketLines.id, (await lineOf(b.id)).id))],
    ['a line made a comp', async (b) => db().update(ticketLines).set({ isComp: true }).where(eq(ticketLines.id, (await lineOf(b.id)).id))],
    ['a line deleted', async (b) => db().delete(ticketLines).where(eq(ticketLines.id, (await lineOf(b.id)).id))],
    ['a payment’s amount rewritten', (b) => db().update(payments).set({ amountKurus: 1 }).where(eq(payments.ticketId, b.id))],
    ['a payment’s method changed', (b) => db().update(payments).set({ method: 'cash' }).where(eq(payments.ticketId, b.id))],
    ['a payment’s tip changed', (b) => db().update(payments).set({ tipKurus: 9_900 }).where(eq(payments.ticketId, b.id))],
    ['a payment deleted', (b) => db().delete(payments).where(eq(payments.ticketId, b.id))],
  ];

  it.each(edits)('%s: refused, and the records still read whole', async (_what, edit) => {
    const { f, bills } = await eveningRestaurant();
    await expect(edit(bills[1])).rejects.toMatchObject({ cause: refused });
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
  });

  it('a line of another ticket cannot be moved into a sealed bill', async () => {
    const { f, bills } = await eveningRestaurant();
    const open = await f.sentTicket();
    const line = await lineOf(open.id);
    await expect(db().update(ticketLines).set({ ticketId: bills[1].id }).where(eq(ticketLines.id, line.id))).rejects.toMatchObject({ cause: refused });
  });

  it('still lets the kitchen mark a paid bill’s dishes, and the owner reopen it with its audited row', async () => {
    const { f, bills } = await eveningRestaurant();
    const line = await lineOf(bills[2].id);
    await db().update(ticketLines).set({ status: 'served', servedAt: new Date() }).where(eq(ticketLines.id, line.id));
    const reopened = await f.api(f.restaurant.owner).call('POST', `/bills/${bills[2].id}/reopen`, { reason: 'Ödeme yöntemi yanlış' });
    expect(reopened.statusCode).toBe(200);
    expect((await report(f.restaurant.id)).firstBroken).toBeNull();
  });
});

describe('what the audit hash covers', () => {
  it('reads back from the database exactly as it was written: numbers, nested objects, Turkish text, null, key order', async () => {
    const r = await staffedRestaurant(ctx);
    const after = {
      zeta: 1,
      ad: 'Çiğ köfte, İskender ve Şöbiyet — ığüşöç ĞÜŞİÖÇ 🍢',
      fiyat: { kurus: 12_500, oran: 0.1 + 0.2, büyük: 1e21, küçük: 1e-7, eksi: -42, sıfır: -0 },
      liste: [3, 'iki', null, { b: true, a: false }, []],
      boş: null,
      '10': 'on',
      '2': 'iki',
      tarih: new Date('2026-11-25T21:30:00.987Z'),
    };
    await db().transaction((tx) =>
      appendAuditRows(tx, r.id, [
        { actorUserId: null, actorRole: 'owner', approverUserId: null, action: 'test.roundtrip', entity: 'test', entityId: null, before: null, after, reason: 'Yanlış sipariş \ud800' },
        { actorUserId: null, actorRole: 'owner', approverUserId: null, action: 'test.roundtrip', entity: 'test', entityId: 'e', before: [1, 'a'], after: 'düz metin', reason: null },
      ]),
    );
    const [row, second] = await rowsOf(r.id);
    expect(canonicalJson(row.after)).toBe(canonicalJson(after));
    expect(row.reason).toBe('Yanlış sipariş \ufffd');
    expect(second.after).toBe('düz metin');
    expect(row.createdAt.getTime()).toBe(second.createdAt.getTime());
    // the time the hash names is the time stored, to the millisecond and no further
    const [{ micro }] = await db()
      .select({ micro: sql<number>`extract(microseconds from ${auditEvents.createdAt})::int % 1000` })
      .from(auditEvents)
      .where(eq(auditEvents.id, row.id));
    expect(Number(micro)).toBe(0);
    expect((await report(r.id)).firstBroken).toBeNull();
  });

  it('numbers the rows of one command one after another', async () => {
    const { f } = await eveningRestaurant();
    const [last] = await db().select().from(auditEvents).where(eq(auditEvents.restaurantId, f.restaurant.id)).orderBy(desc(auditEvents.seq)).limit(1);
    const count = await db().$count(auditEvents, and(eq(auditEvents.restaurantId, f.restaurant.id)));
    expect(last.seq).toBe(count);
  });
});

describe('GET /audit-chain', () => {
  let f: BillsFixture;
  beforeAll(async () => {
    ({ f } = await eveningRestaurant());
  });
  const get = (who: { cookies: Record<string, string> }, restaurantId = f.restaurant.id, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/audit-chain${query}`, cookies: who.cookies });
  const check = async (g: BillsFixture, query = '') => (await get(g.restaurant.owner, g.restaurant.id, query)).json() as AuditChainReport;
  /** one more bill of the evening, paid by card and closed */
  const closeAnother = async (g: BillsFixture) => {
    const t = await g.sentTicket({ ezogelin: 1 });
    await g.bills().pay(t, { method: 'card', amount: t.totals.remaining });
    expect((await g.bills().close(await g.api().ticket(t.id))).statusCode).toBe(200);
  };

  it('answers the owner the verdict, never from a cache', async () => {
    const res = await get(f.restaurant.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json() as AuditChainReport;
    expect(body).toMatchObject({ bills: 3, firstBroken: null, brokenChains: [] });
    expect(body.auditRows).toBeGreaterThan(10);
  });

  it('is refused to a waiter and to the kitchen', async () => {
    expect((await get(f.restaurant.waiter)).statusCode).toBe(403);
    expect((await get(f.restaurant.kitchen)).statusCode).toBe(403);
  });

  it('answers 404 for another restaurant, even to its owner’s counterpart', async () => {
    const other = await staffedRestaurant(ctx);
    expect((await get(other.owner)).statusCode).toBe(404);
  });

  it('names every broken chain, the audit log first', async () => {
    const { f: g, bills } = await eveningRestaurant();
    await behindTheBack('payments', () => db().update(payments).set({ amountKurus: 1 }).where(eq(payments.ticketId, bills[0].id)));
    const [row] = await rowsOf(g.restaurant.id);
    await behindTheBack('audit_events', () => db().update(auditEvents).set({ reason: 'sonradan' }).where(eq(auditEvents.id, row.id)));
    const body = (await get(g.restaurant.owner, g.restaurant.id)).json() as AuditChainReport;
    expect(body.firstBroken).toMatchObject({ kind: 'audit', seq: 1 });
    expect(body.brokenChains).toEqual(['audit', 'bill']);
  });

  it('names the first broken link in Turkish', async () => {
    const { f: g, bills } = await eveningRestaurant();
    await behindTheBack('payments', () => db().update(payments).set({ amountKurus: 1 }).where(eq(payments.ticketId, bills[0].id)));
    const res = await get(g.restaurant.owner, g.restaurant.id);
    expect(res.json().firstBroken).toMatchObject({ kind: 'bill', billNumber: 1, id: bills[0].id, reason: CHAIN_MESSAGES.billContentChanged });
  });

  it('goes on from the last sound check: reads only what came after it, and Baştan Denetle reads it all again', async () => {
    const { f: g } = await eveningRestaurant();
    const first = await check(g);
    expect(first).toMatchObject({ bills: 3, firstBroken: null });
    expect(first.since).toBeUndefined();
    const early = (await rowsOf(g.restaurant.id))[1];
    // an edit before the checkpoint: the next Denetle does not read that row again, so it cannot see it
    await behindTheBack('audit_events', () => db().update(auditEvents).set({ reason: 'sonradan' }).where(eq(auditEvents.id, early.id)));
    await closeAnother(g);
    const next = await check(g);
    const rows = await rowsOf(g.restaurant.id);
    expect(next).toMatchObject({ auditRows: rows.length, bills: 4, firstBroken: null, since: { auditRows: first.auditRows, bills: 3 } });
    expect(rows.length).toBeGreaterThan(first.auditRows);
    // the whole walk finds it, and until it is mended every check walks from the first link
    const full = await check(g, '?full=true');
    expect(full.since).toBeUndefined();
    expect(full.firstBroken).toMatchObject({ kind: 'audit', seq: early.seq, reason: CHAIN_MESSAGES.hashMismatch });
    expect((await check(g)).firstBroken).toMatchObject({ kind: 'audit', seq: early.seq });
  });

  it('catches an edit made after the checkpoint, in the rows it reads', async () => {
    const { f: g } = await eveningRestaurant();
    const first = await check(g);
    await closeAnother(g);
    const fresh = (await rowsOf(g.restaurant.id)).filter((r) => r.seq! > first.auditRows);
    expect(fresh.length).toBeGreaterThan(0);
    await behindTheBack('audit_events', () => db().update(auditEvents).set({ reason: 'sonradan' }).where(eq(auditEvents.id, fresh[0].id)));
    expect((await check(g)).firstBroken).toMatchObject({ kind: 'audit', seq: fresh[0].seq, reason: CHAIN_MESSAGES.hashMismatch });
  });

  it('walks from the first link when the checkpoint’s own link changed (a reopened bill closed again relinks the bills after it)', async () => {
    const { f: g, bills } = await eveningRestaurant();
    expect((await check(g)).firstBroken).toBeNull();
    const owner = g.api(g.restaurant.owner);
    const reopened = (await owner.call('POST', `/bills/${bills[0].id}/reopen`, { reason: 'Masa yanlış' })).json() as Ticket;
    expect((await g.bills(g.restaurant.owner).close(reopened)).statusCode).toBe(200);
    // bill 2, before the checkpoint's bill 3, changed behind the back: only a walk from the first bill sees it
    await behindTheBack('payments', () => db().update(payments).set({ tipKurus: 9_900 }).where(eq(payments.ticketId, bills[1].id)));
    const report = await check(g);
    expect(report.since).toBeUndefined();
    expect(report.firstBroken).toMatchObject({ kind: 'bill', billNumber: 2, reason: CHAIN_MESSAGES.billContentChanged });
  });

  it('walks from the first link when the checkpoint’s own audit row was rewritten, its hash with it', async () => {
    const { f: g } = await eveningRestaurant();
    const first = await check(g);
    const mark = (await rowsOf(g.restaurant.id)).find((r) => r.seq === first.auditRows)!;
    await behindTheBack('audit_events', () => db().update(auditEvents).set({ reason: 'sonradan', hash: 'f'.repeat(64) }).where(eq(auditEvents.id, mark.id)));
    await closeAnother(g);
    const report = await check(g);
    expect(report.since).toBeUndefined();
    expect(report.firstBroken).toMatchObject({ kind: 'audit', seq: mark.seq });
  });

  it('refuses a full flag that is neither true nor false', async () => {
    const res = await get(f.restaurant.owner, f.restaurant.id, '?full=evet');
    expect(res.statusCode).toBe(400);
  });
});
