import { defaultRestaurantSettings, type RestaurantSettings } from '../../../shared/restaurant-settings';
import type { Ticket } from '../../../shared/ticket-contract';
import { eq, sql } from 'drizzle-orm';
import { payments, restaurants, settings, ticketLines, tickets } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import { collectEvents, createTestApp, type TestContext } from '../../test-support/test-app';
import { ordersFixture, ordersMatrixFixtures } from '../orders/orders-test-kit';

/**
 * The orders fixture plus a 20 % VAT drink (Rakı 250 TL), fresh tables on demand, Ayarlar written
 * straight into the database, shortcuts for the bill routes and the live events the restaurant's
 * screens receive from then on (`events`).
 */
export async function billsFixture(ctx: TestContext) {
  const f = await ordersFixture(ctx);
  const drinks = await menuFactory(ctx, f.restaurant.id, { category: { name: 'İçecekler' }, items: [{ name: 'Rakı', priceKurus: 25_000, vatRate: 20, station: 'Bar' }], optionGroup: false });
  const raki = drinks.items[0];
  let tableNo = 0;
  const freeTable = async () => {
    const res = await f.api(f.restaurant.owner).call('POST', '/tables', { sectionId: f.floor.sections[0].id, name: `H${++tableNo}` });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { id: string }).id;
  };
  const setSettings = async (patch: Partial<RestaurantSettings>) => {
    const value = { ...defaultRestaurantSettings(f.restaurant.name ?? 'Test'), ...patch };
    await ctx.database.db
      .insert(settings)
      .values({ restaurantId: f.restaurant.id, key: 'general', value, version: 1 })
      .onConflictDoUpdate({ target: [settings.restaurantId, settings.key], set: { value } });
  };
  /** A sent table ticket: Ezogelin × `ezogelin` (95 TL, 10 %) and Rakı × `raki` (250 TL, 20 %). */
  const sentTicket = async (counts: { ezogelin?: number; raki?: number } = { ezogelin: 2, raki: 1 }, who = f.restaurant.waiter) => {
    const lines = [
      ...(counts.ezogelin ? [{ menuItemId: f.ezogelin.id, quantity: counts.ezogelin }] : []),
      ...(counts.raki ? [{ menuItemId: raki.id, quantity: counts.raki }] : []),
    ];
    return f.ticketWith(await freeTable(), lines, { send: true, who });
  };
  const bills = (who = f.restaurant.waiter) => {
    const { call } = f.api(who);
    const answer = async (res: Awaited<ReturnType<typeof call>>) => ({ status: res.statusCode, body: res.json() });
    return {
      call,
      discount: (t: Pick<Ticket, 'id' | 'version'>, discount: unknown, extra: object = {}) => call('POST', `/tickets/${t.id}/discount`, { version: t.version, discount, ...extra }),
      lineDiscount: (t: Pick<Ticket, 'id' | 'version'>, lineId: string, discount: unknown, extra: object = {}) =>
        call('POST', `/tickets/${t.id}/lines/${lineId}/discount`, { version: t.version, discount, ...extra }),
      comp: (t: Pick<Ticket, 'id' | 'version'>, lineId: string, body: object) => call('POST', `/tickets/${t.id}/lines/${lineId}/comp`, { version: t.version, ...body }),
      cancel: (t: Pick<Ticket, 'id' | 'version'>, lineId: string, body: object) => call('POST', `/tickets/${t.id}/lines/${lineId}/cancel`, { version: t.version, ...body }),
      serviceCharge: (t: Pick<Ticket, 'id' | 'version'>, percent: number) => call('POST', `/tickets/${t.id}/service-charge`, { version: t.version, percent }),
      pay: (t: Pick<Ticket, 'id'>, body: object, headers: Record<string, string> = {}) => call('POST', `/tickets/${t.id}/payments`, body, headers),
      close: (t: Pick<Ticket, 'id' | 'version'>) => call('POST', `/tickets/${t.id}/close`, { version: t.version }),
      answer,
    };
  };
  return { ...f, raki, freeTable, setSettings, sentTicket, bills, events: collectEvents(ctx, f.restaurant.id) };
}
export type BillsFixture = Awaited<ReturnType<typeof billsFixture>>;

/**
 * Ayarlar for the report tests: Istanbul, business day from 05:00, cash, card and meal cards
 * (Multinet, Pluxee), the floor staff allowed to discount, comp and cancel.
 */
export const REPORT_SETTINGS = {
  timeZone: 'Europe/Istanbul',
  businessDayStartHour: 5,
  paymentMethods: ['cash', 'card', 'meal_card'],
  mealCardBrands: ['Multinet', 'Pluxee'],
  permissions: { discount: ['owner', 'waiter'], comp: ['owner', 'waiter'], cancel: ['owner', 'waiter'] },
} satisfies Partial<RestaurantSettings>;

/** A fresh app holding the bills fixture: how the bill route tests start. */
export async function billsTestApp() {
  const ctx = await createTestApp();
  return { ctx, f: await billsFixture(ctx) };
}

/**
 * The bills app on a server whose own time zone (`hostTimeZone`) is hours away from the restaurant's
 * (Ayarlar: Istanbul, business day from 05:00), for the tests of business-day bounds; `close` puts
 * the clock and the zone back.
 */
export async function billsTestAppAway(hostTimeZone: string) {
  const previous = process.env.TZ;
  process.env.TZ = hostTimeZone;
  const { ctx, f } = await billsTestApp();
  await f.setSettings({ timeZone: 'Europe/Istanbul', businessDayStartHour: 5, paymentMethods: ['cash', 'card'] });
  const close = async () => {
    vi.useRealTimers();
    await ctx.close();
    process.env.TZ = previous;
  };
  return { ctx, f, close };
}

/** A sent one-Ezogelin bill paid by card and closed with the clock held at `at`. */
export async function closeBillAt(f: BillsFixture, at: Date) {
  const t = await f.sentTicket({ ezogelin: 1 });
  const paid = (await f.bills().pay(t, { method: 'card', amount: t.totals.total })).json() as Ticket;
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    const res = await f.bills().close(paid);
    expect(res.statusCode).toBe(200);
    return { ticketId: t.id, billNumber: res.json().billNumber as number, total: t.totals.total };
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Targets for the access table (route-matrix.test.ts): the orders matrix rows (an open ticket with
 * two lines of 90 TL × 2, version 1) with Ayarlar letting the floor staff discount, comp and cancel,
 * and on demand the lines sent, the ticket paid in full, or paid and closed as a bill.
 */
export function billsMatrixFixtures(getCtx: () => TestContext) {
  const orders = ordersMatrixFixtures(getCtx);
  return async ({ restaurantId }: { restaurantId: string }, state: 'open' | 'sent' | 'paid' | 'closed') => {
    const made = await orders({ restaurantId });
    const db = getCtx().database.db;
    const value = { ...defaultRestaurantSettings('Matris Lokantası'), permissions: { discount: ['owner', 'waiter'], comp: ['owner', 'waiter'], cancel: ['owner', 'waiter'] } };
    await db
      .insert(settings)
      .values({ restaurantId, key: 'general', value, version: 1 })
      .onConflictDoUpdate({ target: [settings.restaurantId, settings.key], set: { value } });
    if (state !== 'open') await db.update(ticketLines).set({ status: 'sent' }).where(eq(ticketLines.ticketId, made.ticketId));
    if (state === 'paid' || state === 'closed') {
      await db.insert(payments).values({ restaurantId, ticketId: made.ticketId, method: 'card', amountKurus: 36_000 });
    }
    if (state === 'closed') {
      // the number comes from the restaurant's counter, as closing takes it
      const [{ next }] = await db
        .update(restaurants)
        .set({ lastBillNumber: sql`${restaurants.lastBillNumber} + 1` })
        .where(eq(restaurants.id, restaurantId))
        .returning({ next: restaurants.lastBillNumber });
      await db.update(tickets).set({ status: 'closed', billNumber: next, closedAt: new Date() }).where(eq(tickets.id, made.ticketId));
    }
    return { ...made, billId: made.ticketId };
  };
}
