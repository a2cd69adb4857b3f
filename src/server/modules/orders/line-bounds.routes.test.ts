import { BILL_BOUNDS, BOUND_MESSAGES } from '../../../shared/bill-math';
import { MAX_PRICE_KURUS } from '../../../shared/domain/money';
import type { Ticket } from '../../../shared/ticket-contract';
import { menuItemOptionGroups, optionGroups, options } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';
import { ordersFixture, ordersTestApp } from './orders-test-kit';

/*
 * The largest menu Sofra accepts (items and add-ons at 1.000.000 TL each) must never overflow a
 * column or a sum: a unit price of an item with 21 add-ons at the maximum used to reach the 32-bit
 * unit price column and answer 500. Lines and tickets are bounded (BILL_BOUNDS) and refused in Turkish.
 */
let ctx: TestContext;
let f: Awaited<ReturnType<typeof ordersFixture>>;
let item: { id: string };
let extras: string[];

beforeAll(async () => {
  ({ ctx, f } = await ordersTestApp());
  const menu = await menuFactory(ctx, f.restaurant.id, { category: { name: 'Lüks' }, items: [{ name: 'Altın Tabak', priceKurus: MAX_PRICE_KURUS }], optionGroup: false });
  item = menu.items[0];
  const db = ctx.database.db;
  const [group] = await db.insert(optionGroups).values({ restaurantId: f.restaurant.id, name: 'Ekstralar', isMultiple: true, isRequired: false, minChoices: 0, maxChoices: 30 }).returning();
  const rows = await db
    .insert(options)
    .values(Array.from({ length: 30 }, (_, i) => ({ groupId: group.id, name: `Pırlanta ${i + 1}`, priceKurus: MAX_PRICE_KURUS, sortOrder: i })))
    .returning();
  extras = rows.map((o) => o.id);
  await db.insert(menuItemOptionGroups).values({ itemId: item.id, groupId: group.id });
});
afterAll(() => ctx.close());

let tableNo = 0;
async function emptyTicket(): Promise<Ticket> {
  const res = await f.api(f.restaurant.owner).call('POST', '/tables', { sectionId: f.floor.sections[0].id, name: `Lüks ${++tableNo}` });
  return (await f.api().open(res.json().id)).json();
}

it('refuses an item at the maximum with 21 add-ons at the maximum with a Turkish 400 instead of a 500, and stores nothing', async () => {
  const t = await emptyTicket();
  const res = await f.api().add(t, [{ menuItemId: item.id, quantity: 1, optionIds: extras.slice(0, 21) }]);
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe(BOUND_MESSAGES.line);
  expect((await f.api().ticket(t.id)).lines).toEqual([]);
});

it('takes a line of exactly 10.000.000 TL and refuses one kuruş-worth of quantity more', async () => {
  const t = await emptyTicket();
  // 1.000.000 TL + 9 add-ons = 10.000.000 TL a unit
  const atBound = await f.api().add(t, [{ menuItemId: item.id, quantity: 1, optionIds: extras.slice(0, 9) }]);
  expect(atBound.statusCode).toBe(200);
  expect((atBound.json() as Ticket).totals.total).toBe(BILL_BOUNDS.line);
  const tenTimes = await f.api().add(atBound.json(), [{ menuItemId: item.id, quantity: 10 }]);
  expect(tenTimes.statusCode).toBe(200);
  const eleven = await f.api().add(tenTimes.json(), [{ menuItemId: item.id, quantity: 11 }]);
  expect(eleven.statusCode).toBe(400);
  expect(eleven.json().error).toBe(BOUND_MESSAGES.line);
});

it('refuses raising a pending line past the line bound with a Turkish 400', async () => {
  const t = (await f.api().add(await emptyTicket(), [{ menuItemId: item.id, quantity: 2 }])).json() as Ticket;
  const line = t.lines[0];
  const res = await f.api().call('PATCH', `/tickets/${t.id}/lines/${line.id}`, { version: t.version, quantity: 999 });
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe(BOUND_MESSAGES.line);
  expect((await f.api().ticket(t.id)).lines[0].quantity).toBe(2);
});

it('refuses a ticket past 100.000.000 TL, whether by adding or by merging, and the bill of a full ticket still adds up', async () => {
  // ten lines of 10.000.000 TL fill a ticket
  const full = (await f.api().add(await emptyTicket(), Array.from({ length: 10 }, () => ({ menuItemId: item.id, quantity: 10 })))).json() as Ticket;
  expect(full.totals.total).toBe(BILL_BOUNDS.ticket);
  const more = await f.api().add(full, [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
  expect(more.statusCode).toBe(409);
  expect(more.json().error).toBe(BOUND_MESSAGES.ticket);

  const other = (await f.api().add(await emptyTicket(), [{ menuItemId: f.ezogelin.id, quantity: 1 }])).json() as Ticket;
  const merge = await f.api().call('POST', `/tickets/${full.id}/merge`, { version: full.version, fromTicketId: other.id });
  expect(merge.statusCode).toBe(409);
  expect(merge.json().error).toBe(BOUND_MESSAGES.ticket);
  expect((await f.api().ticket(other.id)).lines).toHaveLength(1);

  // the largest ticket with a 100 % service charge and a percent discount: exact kuruş, dues add up
  const sent = (await f.api().send(full)).json().ticket as Ticket;
  const owner = f.api(f.restaurant.owner);
  const discounted = await owner.call('POST', `/tickets/${sent.id}/discount`, { version: sent.version, discount: { type: 'percent', value: 33, label: 'Dev indirim' } });
  expect(discounted.statusCode).toBe(200);
  const bill = (discounted.json() as Ticket).totals;
  expect(bill.ticketDiscount).toBe(3_300_000_000);
  expect(bill.total).toBe(BILL_BOUNDS.ticket - 3_300_000_000);
  const dues = (discounted.json() as Ticket).lines.reduce((s, l) => s + l.due, 0);
  expect(dues).toBe(bill.total);
});
