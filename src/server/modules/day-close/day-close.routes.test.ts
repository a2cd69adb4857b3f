import { and, desc, eq, sql } from 'drizzle-orm';
import type { BillSummary } from '../../../shared/bill-contract';
import type { ClosedDaySummary, DayCloseReport, RefundInfo } from '../../../shared/day-close-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, cashMovements, dayCloses, refunds, tickets } from '../../db/schema';
import { createTestApp, loginAs, type TestContext } from '../../test-support/test-app';
import { behindTheBack as behindTheBackOf } from '../../test-support/behind-the-back';
import { verifyChains } from '../audit-chain/verify';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';

/*
 * Gün Sonu, Kasa and İade (issue 23), through the API. The restaurant is in Istanbul (UTC+3, day
 * from 05:00) and the server process runs in Los Angeles, so nothing may lean on the server's own
 * time zone. Each test takes a fresh restaurant: a Gün Sonu is restaurant-wide.
 */
let ctx: TestContext;
const hostTimeZone = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'America/Los_Angeles';
  ctx = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.close();
  process.env.TZ = hostTimeZone;
});
afterEach(() => vi.useRealTimers());

const db = () => ctx.database.db;
/** Istanbul wall-clock time → the instant (UTC+3 all year). */
const ist = (wall: string) => new Date(`${wall}+03:00`);
const freeze = (at: Date) => vi.useFakeTimers({ toFake: ['Date'], now: at });

async function restaurant() {
  const f = await billsFixture(ctx);
  await f.setSettings({ timeZone: 'Europe/Istanbul', businessDayStartHour: 5, paymentMethods: ['cash', 'card', 'meal_card'] });
  return f;
}

/**
 * Moves the clock on to `at` and signs the fixture's staff in again there (a session lasts one
 * shift): for a test that closes several days in a row and checks Kayıt bütünlüğü, whose audit rows
 * must never go back in time.
 */
async function travel(f: BillsFixture, at: Date) {
  freeze(at);
  for (const who of [f.restaurant.owner, f.restaurant.waiter, f.restaurant.kitchen]) {
    Object.assign(who.cookies, (await loginAs(ctx, who.user.email, who.user.password)).cookies);
  }
}

/**
 * A sent ticket paid (card, or cash with `given`), on the real clock unless `keepClock` (the test
 * moved it with travel()).
 */
async function closedBill(
  f: BillsFixture,
  opts: { ezogelin?: number; raki?: number; cash?: boolean; given?: number; prepare?: (t: Ticket) => Promise<Ticket>; keepClock?: boolean } = {},
) {
  if (!opts.keepClock) vi.useRealTimers();
  let t = await f.sentTicket({ ezogelin: opts.ezogelin ?? 2, raki: opts.raki ?? 0 });
  if (opts.prepare) t = await opts.prepare(t);
  const payBody = opts.cash ? { method: 'cash', amount: t.totals.remaining, given: opts.given } : { method: 'card', amount: t.totals.remaining };
  const paid = await f.bills().pay(t, payBody);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json() as Ticket;
}
async function closeNow(f: BillsFixture, t: Pick<Ticket, 'id' | 'version'>) {
  const res = await f.bills().close(t);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { billNumber: number; ticket: Ticket };
}

const owner = (f: BillsFixture) => f.api(f.restaurant.owner);
const preview = async (f: BillsFixture) => {
  const res = await owner(f).call('GET', '/days/current');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DayCloseReport;
};
const closeDay = (f: BillsFixture, body: object, headers: Record<string, string> = {}) => owner(f).call('POST', '/days/close', body, headers);
const businessDayOf = async (ticketId: string) => (await db().select({ d: tickets.businessDay }).from(tickets).where(eq(tickets.id, ticketId)))[0].d;
const dayRows = (f: BillsFixture) => db().select().from(dayCloses).where(eq(dayCloses.restaurantId, f.restaurant.id));

describe('Gün Sonu', () => {
  it('a day with no sales closes with difference 0 when the counted cash equals the expected', async () => {
    const f = await restaurant();
    freeze(ist('2026-11-24T23:00:00'));
    const p = await preview(f);
    expect(p).toMatchObject({ number: null, businessDay: '2026-11-24', closable: true, openTickets: [] });
    expect(p.cash).toMatchObject({ openingFloat: 0, openingFloatSource: 'none', cashSales: 0, expected: 0, counted: null });
    const res = await closeDay(f, { countedCash: 0 });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as DayCloseReport;
    expect(report).toMatchObject({ number: 1, businessDay: '2026-11-24', firstBillNumber: null, lastBillNumber: null });
    expect(report.cash).toMatchObject({ expected: 0, counted: 0, difference: 0 });
    expect(report.summary).toMatchObject({ gross: 0, net: 0, bills: 0 });
    expect(report.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the close time comes from the server clock: a closedAt or businessDay sent by the client is ignored', async () => {
    const f = await restaurant();
    const now = ist('2026-11-25T23:40:00');
    freeze(now);
    const res = await closeDay(f, { countedCash: 0, closedAt: '2020-01-01T00:00:00Z', businessDay: '2020-01-01' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ closedAt: now.toISOString(), businessDay: '2026-11-25' });
  });

  it('closing the same day twice answers 409 in Turkish and writes nothing; a retried Idempotency-Key gets the first answer', async () => {
    const f = await restaurant();
    freeze(ist('2026-11-25T23:40:00'));
    const first = await closeDay(f, { countedCash: 0 }, { 'idempotency-key': 'gun-sonu-1' });
    expect(first.statusCode).toBe(201);
    const replay = await closeDay(f, { countedCash: 0 }, { 'idempotency-key': 'gun-sonu-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    freeze(ist('2026-11-26T02:00:00'));
    const again = await closeDay(f, { countedCash: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: '25.11.2026 iş gününün gün sonu zaten alınmış (Gün Sonu No 1); sıradaki gün sonu, yeni iş günü başlayınca alınabilir' });
    expect(await dayRows(f)).toHaveLength(1);
    // the preview now shows the next day, not closable until it starts
    expect(await preview(f)).toMatchObject({ businessDay: '2026-11-26', closable: false });
  });

  it('every role’s "Bugün" is the business day open now: the clock’s, then the next day once today is closed', async () => {
    const f = await restaurant();
    const openDay = async (who: typeof f.restaurant.owner) => (await f.api(who).call('GET', '/days/open')).json();
    freeze(ist('2026-11-25T23:40:00'));
    expect(await openDay(f.restaurant.waiter)).toEqual({ day: '2026-11-25' });
    expect((await closeDay(f, { countedCash: 0 })).statusCode).toBe(201);
    for (const who of [f.restaurant.owner, f.restaurant.waiter, f.restaurant.kitchen]) expect(await openDay(who)).toEqual({ day: '2026-11-26' });
  });

  it.each([
    [{ countedCash: -1 }, 'Sayılan nakit negatif olamaz'],
    [{ countedCash: 10.5 }, 'Sayılan nakit kuruş cinsinden tam sayı olmalı'],
    [{ countedCash: '100' }, 'Sayılan nakit bir sayı olmalı (kuruş)'],
    [{}, 'Sayılan nakit bir sayı olmalı (kuruş)'],
    [{ countedCash: 0, note: 'a\u202eb' }, null],
    [{ countedCash: 0, carryOpen: 'evet' }, 'Sonraki güne devret evet ya da hayır olmalı'],
  ])('refuses the bad close %j with 400 in Turkish (on its field) and changes nothing', async (body, message) => {
    const f = await restaurant();
    const res = await closeDay(f, body);
    expect(res.statusCode).toBe(400);
    const { error, fields } = res.json() as { error: string; fields: Record<string, string> };
    const field = Object.keys(fields)[0];
    if (message) expect(fields[field]).toBe(message);
    expect(fields[field]).toMatch(/[çğışöüÇĞİŞÖÜ]|olmalı|yazı/);
    expect(error).toContain(fields[field]);
    expect(await dayRows(f)).toHaveLength(0);
  });

  it('answers 403 to the waiter and the kitchen, and 404 for a day number this restaurant has not reached', async () => {
    const f = await restaurant();
    for (const who of [f.restaurant.waiter, f.restaurant.kitchen]) {
      expect((await f.api(who).call('POST', '/days/close', { countedCash: 0 })).statusCode).toBe(403);
      expect((await f.api(who).call('GET', '/days/current')).statusCode).toBe(403);
      expect((await f.api(who).call('POST', '/cash-movements', { kind: 'in', amount: 100, reason: 'x' })).statusCode).toBe(403);
    }
    // another restaurant has closed its day 1: this one has none
    const other = await restaurant();
    freeze(ist('2026-11-25T23:00:00'));
    expect((await closeDay(other, { countedCash: 0 })).statusCode).toBe(201);
    const res = await owner(f).call('GET', '/days/1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Böyle bir gün sonu yok' });
    expect((await owner(f).call('GET', '/days/abc')).statusCode).toBe(400);
  });

  it('open adisyons are refused (409, listed with table, number, waiter and total) or carried: they stay open, and belong to the next day when closed', async () => {
    const f = await restaurant();
    const open = await f.sentTicket({ ezogelin: 1 });
    freeze(ist('2026-11-25T23:30:00'));
    const refused = await closeDay(f, { countedCash: 0 });
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as { error: string; openTickets: DayCloseReport['openTickets'] };
    expect(body.error).toMatch(/1 açık adisyon var/);
    expect(body.openTickets).toEqual([
      expect.objectContaining({ id: open.id, number: open.number, tableName: open.tableName, total: 9_500, waiterName: expect.any(String) }),
    ]);
    expect(await dayRows(f)).toHaveLength(0);
    expect((await preview(f)).openTickets.map((t) => t.id)).toEqual([open.id]);

    const carried = await closeDay(f, { countedCash: 0, carryOpen: true });
    expect(carried.statusCode, carried.body).toBe(201);
    expect((carried.json() as DayCloseReport).openTickets.map((t) => t.id)).toEqual([open.id]);
    const still = await f.api().ticket(open.id);
    expect(still.status).toBe('open');

    // the waiter closes it ten minutes later, before midnight: it is the next day's bill
    freeze(ist('2026-11-25T23:40:00'));
    const paid = (await f.bills().pay(still, { method: 'card', amount: still.totals.remaining })).json() as Ticket;
    await closeNow(f, paid);
    expect(await businessDayOf(open.id)).toBe('2026-11-26');
  });

  it('a reopened bill still open cannot be carried: it must be closed first', async () => {
    const f = await restaurant();
    const paid = await closedBill(f);
    await closeNow(f, paid);
    const reopened = await owner(f).call('POST', `/bills/${paid.id}/reopen`, { reason: 'Düzeltme' });
    expect(reopened.statusCode).toBe(200);
    const res = await closeDay(f, { countedCash: 0, carryOpen: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Yeniden açılmış bir hesap sonraki güne devredilemez: önce hesabı kapatın');
  });

  it('after Gün Sonu a bill of that day cannot be reopened (409), and a bill closed after it belongs to the next day (Kapalı Hesaplar too)', async () => {
    const f = await restaurant();
    freeze(ist('2026-11-25T21:00:00'));
    const before = await closedBill(f);
    freeze(ist('2026-11-25T21:00:00'));
    const closedBefore = await closeNow(f, before);
    expect(await businessDayOf(before.id)).toBe('2026-11-25');
    const late = await closedBill(f);
    freeze(ist('2026-11-25T23:45:00'));
    expect((await closeDay(f, { countedCash: 0, carryOpen: true })).statusCode).toBe(201);
    freeze(ist('2026-11-25T23:50:00'));
    const after = await closeNow(f, late);
    expect(await businessDayOf(late.id)).toBe('2026-11-26');

    const reopen = await owner(f).call('POST', `/bills/${before.id}/reopen`, { reason: 'Yanlış ödeme' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({ error: 'Gün sonu alınmış bir günün hesabı yeniden açılamaz; düzeltme için İade yapın' });
    expect((await f.api().ticket(before.id)).status).toBe('closed');

    const listed = async (q: string) => ((await owner(f).call('GET', `/bills${q}`)).json() as BillSummary[]).map((b) => b.billNumber);
    expect(await listed('?from=2026-11-25&to=2026-11-25')).toEqual([closedBefore.billNumber]);
    expect(await listed('?from=2026-11-26&to=2026-11-26')).toEqual([after.billNumber]);
    // Kapalı Hesaplar' default view (no dates) still shows the bill just closed after the Gün Sonu
    expect(await listed('')).toEqual([after.billNumber, closedBefore.billNumber]);
    // the closed report never changes; the next close takes the late bill
    expect((await owner(f).call('GET', '/days/1')).json()).toMatchObject({ firstBillNumber: closedBefore.billNumber, lastBillNumber: closedBefore.billNumber });
    // early next morning (a later instant would outlive the test session)
    freeze(ist('2026-11-26T05:30:00'));
    const next = (await closeDay(f, { countedCash: 0 })).json() as DayCloseReport;
    expect(next).toMatchObject({ number: 2, businessDay: '2026-11-26', firstBillNumber: after.billNumber, lastBillNumber: after.billNumber });
  });

  it('bills closed at 00:30 and 04:59 belong to the previous business day and 05:00 to its own (Istanbul time, server in Los Angeles)', async () => {
    const f = await restaurant();
    const at = async (wall: string) => {
      const t = await closedBill(f, { ezogelin: 1 });
      freeze(ist(wall));
      await closeNow(f, t);
      return businessDayOf(t.id);
    };
    expect(await at('2026-11-25T00:30:00')).toBe('2026-11-24');
    expect(await at('2026-11-25T04:59:00')).toBe('2026-11-24');
    expect(await at('2026-11-25T05:00:00')).toBe('2026-11-25');
    freeze(ist('2026-11-25T04:59:30'));
    const p = await preview(f);
    expect(p.businessDay).toBe('2026-11-24');
    expect(p.summary.bills).toBe(2);
  });

  it('expected cash = opening float + cash sales (what they settled, change handed back) + Kasa girişi − Kasa çıkışı − cash İade', async () => {
    const f = await restaurant();
    freeze(ist('2026-11-25T10:00:00'));
    const o = owner(f);
    expect((await o.call('POST', '/cash-movements', { kind: 'opening', amount: 50_000 })).statusCode).toBe(201);
    freeze(ist('2026-11-25T10:01:00'));
    expect((await o.call('POST', '/cash-movements', { kind: 'in', amount: 10_000, reason: 'Bozuk para' })).statusCode).toBe(201);
    freeze(ist('2026-11-25T10:02:00'));
    const out = await o.call('POST', '/cash-movements', { kind: 'out', amount: 3_000, reason: 'Ekmek alındı' });
    expect(out.statusCode).toBe(201);
    expect(out.json()).toMatchObject({ kind: 'out', amount: 3_000, reason: 'Ekmek alındı', businessDay: '2026-11-25' });
    // 2 × Ezogelin = 190 TL paid with 200 TL: 10 TL change
    const cash = await closedBill(f, { cash: true, given: 20_000 });
    freeze(ist('2026-11-25T12:00:00'));
    await closeNow(f, cash);
    const card = await closedBill(f, { ezogelin: 1 });
    freeze(ist('2026-11-25T12:30:00'));
    await closeNow(f, card);
    const refund = await o.call('POST', `/bills/${cash.id}/refunds`, { lines: [{ lineId: cash.lines[0].id, quantity: 1 }], method: 'cash', reason: 'Soğuk geldi' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().amount).toBe(9_500);

    const p = await preview(f);
    expect(p.cash).toEqual({
      openingFloat: 50_000,
      openingFloatSource: 'entered',
      cashSales: 19_000,
      cashIn: 10_000,
      cashOut: 3_000,
      cashRefunds: 9_500,
      expected: 50_000 + 19_000 + 10_000 - 3_000 - 9_500,
      counted: null,
      difference: null,
    });
    expect(p.movements.map((m) => m.kind)).toEqual(['opening', 'in', 'out']);
    const closed = (await closeDay(f, { countedCash: 66_000, note: 'Kasa sayıldı' })).json() as DayCloseReport;
    expect(closed.cash).toMatchObject({ expected: 66_500, counted: 66_000, difference: -500 });
    expect(closed.summary).toMatchObject({ bills: 2, gross: 28_500, refunds: 9_500, net: 19_000 });
    expect(closed.payments).toEqual([
      { method: 'card', brand: null, amount: 9_500, count: 1 },
      { method: 'cash', brand: null, amount: 19_000 - 9_500, count: 1 },
    ]);
    const list = (await o.call('GET', '/days')).json() as ClosedDaySummary[];
    expect(list).toEqual([expect.objectContaining({ number: 1, businessDay: '2026-11-25', difference: -500, countedCash: 66_000, expectedCash: 66_500 })]);
  });

  it("the expected cash of a day never includes the previous day's count except as the carried opening float", async () => {
    const f = await restaurant();
    freeze(ist('2026-11-24T22:00:00'));
    const day1 = await closedBill(f, { cash: true });
    freeze(ist('2026-11-24T22:00:00'));
    await closeNow(f, day1);
    freeze(ist('2026-11-24T23:00:00'));
    // 190 TL of sales; 200 TL counted (10 TL over)
    expect((await closeDay(f, { countedCash: 20_000 })).json().cash).toMatchObject({ expected: 19_000, difference: 1_000 });

    const day2 = await closedBill(f, { ezogelin: 1, cash: true });
    freeze(ist('2026-11-25T20:00:00'));
    await closeNow(f, day2);
    const p = await preview(f);
    expect(p.cash).toMatchObject({ openingFloat: 20_000, openingFloatSource: 'carried', cashSales: 9_500, expected: 29_500 });
    // a Kasa açılışı entered for the day replaces the carried count (the owner banked the rest)
    await owner(f).call('POST', '/cash-movements', { kind: 'opening', amount: 5_000 });
    expect((await preview(f)).cash).toMatchObject({ openingFloat: 5_000, openingFloatSource: 'entered', expected: 14_500 });
  });

  it.each([
    [{ kind: 'in', amount: 0, reason: 'x' }, 'Tutar sıfırdan büyük olmalı'],
    [{ kind: 'out', amount: 100 }, 'Neden yazın'],
    [{ kind: 'out', amount: -100, reason: 'x' }, 'Tutar negatif olamaz'],
    [{ kind: 'in', amount: 1.5, reason: 'x' }, 'Tutar kuruş cinsinden tam sayı olmalı'],
    [{ kind: 'loan', amount: 100, reason: 'x' }, 'Kasa hareketi açılış, giriş ya da çıkış olmalı'],
  ])('refuses the bad Kasa movement %j with 400 in Turkish and writes nothing', async (body, message) => {
    const f = await restaurant();
    const res = await owner(f).call('POST', '/cash-movements', body);
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().fields)).toEqual([message]);
    expect(await db().select().from(cashMovements).where(eq(cashMovements.restaurantId, f.restaurant.id))).toHaveLength(0);
  });

  it('numbers stay gapless when closes race: one close per day wins, the others get 409', async () => {
    const f = await restaurant();
    const numbers: number[] = [];
    for (const day of ['2026-11-21', '2026-11-22', '2026-11-23']) {
      freeze(ist(`${day}T23:00:00`));
      const answers = await Promise.all([0, 1, 2, 3].map(() => closeDay(f, { countedCash: 0 })));
      const won = answers.filter((a) => a.statusCode === 201);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
      numbers.push(won[0].json().number);
    }
    expect(numbers).toEqual([1, 2, 3]);
    expect((await owner(f).call('GET', '/days')).json().map((d: ClosedDaySummary) => d.number)).toEqual([3, 2, 1]);
  });

  it('the report is immutable in the database, and a changed or deleted Gün Sonu shows as a broken link in Kayıt bütünlüğü', async () => {
    const f = await restaurant();
    for (const day of ['2030-11-22', '2030-11-23', '2030-11-24']) {
      await travel(f, ist(`${day}T12:00:00`));
      const t = await closedBill(f, { cash: true, keepClock: true });
      freeze(ist(`${day}T22:00:00`));
      await closeNow(f, t);
      freeze(ist(`${day}T23:00:00`));
      expect((await closeDay(f, { countedCash: 19_000 })).statusCode).toBe(201);
    }
    vi.useRealTimers();
    const chain = await verifyChains(db(), f.restaurant.id);
    expect(chain).toMatchObject({ firstBroken: null, brokenChains: [], dayCloses: 3 });
    // each report names the audit chain's head at its close: the hash of its own day.close row
    const third = (await owner(f).call('GET', '/days/3')).json() as DayCloseReport;
    const [closeRow] = await db().select().from(auditEvents).where(and(eq(auditEvents.restaurantId, f.restaurant.id), eq(auditEvents.action, 'day.close'))).orderBy(desc(auditEvents.seq)).limit(1);
    expect(third.chainHead).toBe(closeRow.hash);
    await expect(db().update(dayCloses).set({ countedCashKurus: 1 }).where(eq(dayCloses.restaurantId, f.restaurant.id))).rejects.toThrow();
    await expect(db().delete(dayCloses).where(eq(dayCloses.restaurantId, f.restaurant.id))).rejects.toThrow();

    await behindTheBack(() => db().update(dayCloses).set({ countedCashKurus: 99_999 }).where(and(eq(dayCloses.restaurantId, f.restaurant.id), eq(dayCloses.number, 2))));
    const changed = await verifyChains(db(), f.restaurant.id);
    expect(changed.firstBroken).toMatchObject({ kind: 'day', dayNumber: 2, reason: 'Gün sonu raporunun içeriği mühürlendiği andan beri değişmiş' });
    expect(changed.brokenChains).toEqual(['day']);
    const res = await owner(f).call('GET', '/audit-chain');
    expect(res.json().firstBroken).toMatchObject({ kind: 'day', dayNumber: 2 });

    await behindTheBack(() => db().delete(dayCloses).where(and(eq(dayCloses.restaurantId, f.restaurant.id), eq(dayCloses.number, 2))));
    expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toMatchObject({ kind: 'day', dayNumber: 3, reason: 'Gün Sonu No 2 yok: silinmiş' });
  });

  it("a bill of a closed day rewritten with its whole bill chain re-hashed breaks the Gün Sonu's link to its last bill", async () => {
    const f = await restaurant();
    const t = await closedBill(f);
    freeze(ist('2026-11-25T22:00:00'));
    await closeNow(f, t);
    freeze(ist('2026-11-25T23:00:00'));
    expect((await closeDay(f, { countedCash: 0 })).statusCode).toBe(201);
    vi.useRealTimers();
    // as the database's superuser could (the server's role is refused: migration 0027)
    await db().execute(sql`alter table tickets disable trigger all`);
    await db().update(tickets).set({ billHash: 'f'.repeat(64), billPrevHash: '0'.repeat(64), billDigest: 'x' }).where(eq(tickets.id, t.id));
    await db().execute(sql`alter table tickets enable trigger all`);
    const report = await verifyChains(db(), f.restaurant.id);
    expect(report.brokenChains).toContain('day');
  });
});

describe('İade', () => {
  const refund = (f: BillsFixture, billId: string, body: object) => owner(f).call('POST', `/bills/${billId}/refunds`, body);

  it('an İade of 2 of 2 units refunds what was paid, is recorded in the day open now and never touches the closed bill', async () => {
    const f = await restaurant();
    await travel(f, ist('2030-11-24T12:00:00'));
    const paid = await closedBill(f, { ezogelin: 2, keepClock: true });
    freeze(ist('2030-11-24T22:00:00'));
    await closeNow(f, paid);
    freeze(ist('2030-11-24T23:00:00'));
    expect((await closeDay(f, { countedCash: 0 })).statusCode).toBe(201);
    const before = await f.api().ticket(paid.id);
    const [sealed] = await db().select({ hash: tickets.billHash, version: tickets.version }).from(tickets).where(eq(tickets.id, paid.id));

    await travel(f, ist('2030-11-25T12:00:00'));
    const line = paid.lines[0];
    const res = await refund(f, paid.id, { lines: [{ lineId: line.id, quantity: 2 }], method: 'card', reason: 'Müşteri şikâyeti' });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as RefundInfo;
    expect(r).toMatchObject({ amount: 19_000, businessDay: '2030-11-25', method: 'card', billNumber: before.billNumber, approvedByName: expect.any(String) });
    expect(r.lines).toEqual([{ lineId: line.id, menuItemId: f.ezogelin.id, name: line.name, quantity: 2, amount: 19_000, vatRate: 10 }]);

    expect(await f.api().ticket(paid.id)).toEqual(before);
    expect((await db().select({ hash: tickets.billHash, version: tickets.version }).from(tickets).where(eq(tickets.id, paid.id)))[0]).toEqual(sealed);
    expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toBeNull();

    const again = await refund(f, paid.id, { lines: [{ lineId: line.id, quantity: 1 }], method: 'card', reason: 'Tekrar' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/tamamı zaten iade edilmiş/);
    const p = await preview(f);
    expect(p.summary).toMatchObject({ refunds: 19_000, net: -19_000, discounts: 0 });
    expect(p.payments).toEqual([{ method: 'card', brand: null, amount: -19_000, count: 0 }]);
  });

  it('an İade of a discounted line refunds what the guest paid (after the discount, with service charge) and never inflates İndirim', async () => {
    const f = await restaurant();
    await f.setSettings({ timeZone: 'Europe/Istanbul', businessDayStartHour: 5, paymentMethods: ['cash', 'card'], serviceChargePercent: 10 });
    const paid = await closedBill(f, {
      ezogelin: 3,
      prepare: async (t) => {
        const d = await f.bills(f.restaurant.owner).discount(t, { type: 'percent', value: 10, label: 'Müdavim' });
        expect(d.statusCode, d.body).toBe(200);
        return d.json() as Ticket;
      },
    });
    freeze(ist('2026-11-25T20:00:00'));
    await closeNow(f, paid);
    // 3 × 95 = 285 TL − 10 % = 256,50 TL + 10 % service = 282,15 TL; 1 of 3 units: 94,05 TL
    expect(paid.totals.total).toBe(28_215);
    const one = await refund(f, paid.id, { lines: [{ lineId: paid.lines[0].id, quantity: 1 }], method: 'cash', reason: 'Eksik porsiyon' });
    expect(one.json().amount).toBe(9_405);
    const rest = await refund(f, paid.id, { lines: [{ lineId: paid.lines[0].id, quantity: 2 }], method: 'cash', reason: 'Kalanı' });
    // units 1..3 together come to exactly what the line cost
    expect(one.json().amount + rest.json().amount).toBe(28_215);
    // the İade dialog reads what went back already: both records (made at the same frozen instant)
    const listed = await owner(f).call('GET', `/bills/${paid.id}/refunds`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as RefundInfo[]).map((r) => [r.reason, r.lines.map((l) => [l.lineId, l.quantity])]).sort()).toEqual([
      ['Eksik porsiyon', [[paid.lines[0].id, 1]]],
      ['Kalanı', [[paid.lines[0].id, 2]]],
    ]);
    const p = await preview(f);
    expect(p.summary).toMatchObject({ gross: 28_500, discounts: 2_850, serviceCharge: 2_565, refunds: 28_215, net: 0 });
  });

  it('refuses a cancelled line, an İkram line, an open ticket, more units than sold, another restaurant’s bill and bad input — nothing written', async () => {
    const f = await restaurant();
    const o = f.bills(f.restaurant.owner);
    const paid = await closedBill(f, {
      ezogelin: 2,
      raki: 2,
      prepare: async (t) => {
        const c = (await o.cancel(t, t.lines[0].id, { reason: 'Yanlış sipariş' })).json() as Ticket;
        return (await o.comp(c, c.lines[1].id, { reason: 'Müdavim', quantity: 1 })).json() as Ticket;
      },
    });
    await closeNow(f, paid);
    const cancelled = paid.lines.find((l) => l.status === 'cancelled')!;
    const comped = paid.lines.find((l) => l.isComp)!;
    expect(cancelled.status).toBe('cancelled');
    expect(comped.isComp).toBe(true);
    const cases: [string, object, number, string | RegExp][] = [
      [paid.id, { lines: [{ lineId: cancelled.id, quantity: 1 }], method: 'cash', reason: 'x' }, 409, 'İptal edilmiş bir satır iade edilemez (ödenmedi)'],
      [paid.id, { lines: [{ lineId: comped.id, quantity: 1 }], method: 'cash', reason: 'x' }, 409, 'İkram edilmiş bir satır iade edilemez (ödenmedi)'],
      [paid.id, { lines: [{ lineId: comped.id, quantity: 0 }], method: 'cash', reason: 'x' }, 400, 'Adet en az 1 olmalı'],
      [paid.id, { lines: [], method: 'cash', reason: 'x' }, 400, 'İade edilecek en az bir satır seçin'],
      [paid.id, { lines: [{ lineId: comped.id, quantity: 1 }], method: 'bitcoin', reason: 'x' }, 400, 'İade yöntemi nakit, kart, yemek kartı, online ya da cari olmalı'],
      [paid.id, { lines: [{ lineId: comped.id, quantity: 1 }], method: 'cash', reason: '' }, 400, /Neden boş olamaz/],
      [paid.id, { lines: [{ lineId: comped.id, quantity: 1 }], method: 'meal_card', reason: 'x' }, 400, 'Yemek kartı markası seçin'],
      [paid.id, { lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], method: 'cash', reason: 'x' }, 404, 'Bu satır bu hesabın değil'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await refund(f, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    const open = await f.sentTicket({ ezogelin: 1 });
    const openRes = await refund(f, open.id, { lines: [{ lineId: open.lines[0].id, quantity: 1 }], method: 'cash', reason: 'x' });
    expect(openRes.statusCode).toBe(409);
    expect(openRes.json().error).toBe('Açık bir adisyon iade edilemez: iade yalnızca kapanmış bir hesaba yapılır');
    // the rakı line paid for 2 units: 3 is too many
    const raki = paid.lines.find((l) => l.name === 'Rakı' && !l.isComp && l.status !== 'cancelled')!;
    const tooMany = await refund(f, paid.id, { lines: [{ lineId: raki.id, quantity: 3 }], method: 'cash', reason: 'x' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatch(/en fazla \d+ adet iade edilebilir/);

    const other = await restaurant();
    const foreign = await refund(other, paid.id, { lines: [{ lineId: raki.id, quantity: 1 }], method: 'cash', reason: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Hesap bulunamadı' });
    for (const id of [paid.id, 'not-a-uuid']) {
      const read = await owner(other).call('GET', `/bills/${id}/refunds`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ error: 'Hesap bulunamadı' });
    }
    expect((await f.api(f.restaurant.waiter).call('POST', `/bills/${paid.id}/refunds`, { lines: [{ lineId: raki.id, quantity: 1 }], method: 'cash', reason: 'x' })).statusCode).toBe(403);
    expect(await db().select().from(refunds).where(eq(refunds.restaurantId, f.restaurant.id))).toHaveLength(0);
  });
});

/** Runs `change` with the append-only triggers of day_closes off, as the database's superuser could. */
const behindTheBack = (change: () => Promise<unknown>) => behindTheBackOf(db(), ['day_closes'], change, 'USER');
