import type { KitchenOrder } from '../../../shared/kitchen-contract';
import { commandDeps } from '../../lib/routes';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { sendDueScheduledOrders } from './scheduled-orders';
import { FAST, authOf, connected, deliver, inbox, useFakePlatform } from './platforms-test-kit';
import { YEMEKSEPETI_ORDER } from './platforms/fixtures';

/*
 * Yemeksepeti sends its expected delivery time with every order. Only a pre-order (the customer
 * chose the time) waits to reach the kitchen; an order for now goes to the kitchen on Onayla, its
 * expected time shown but not obeyed as a schedule.
 */
let ctx: TestContext;
useFakePlatform();
beforeAll(async () => {
  ctx = await createTestApp({ platforms: FAST });
});
afterAll(() => ctx.close());

async function acceptedYemeksepeti(preOrder: boolean, code: string) {
  const { restaurant, owner } = await connected(ctx, 'yemeksepeti');
  const inAnHour = new Date(Date.now() + 60 * 60_000).toISOString();
  const body = { ...YEMEKSEPETI_ORDER, code, token: `tok-${code}`, preOrder, delivery: { ...YEMEKSEPETI_ORDER.delivery, expectedDeliveryTime: inAnHour } };
  expect((await deliver(ctx, 'yemeksepeti', restaurant.id, body, authOf('yemeksepeti'))).statusCode).toBe(201);
  const [order] = await inbox(owner);
  expect(order.expectedAt).toBe(inAnHour);
  // the owner's card says "İleri tarihli" for a pre-order only
  expect(order.isScheduled).toBe(preOrder);
  const accepted = await owner('POST', `/online-orders/${order.id}/accept`, { prepMinutes: 20 });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const kitchen = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/kitchen/orders`, cookies: restaurant.kitchen.cookies });
  const cardsNow = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/kitchen/orders`, cookies: restaurant.kitchen.cookies })).json() as KitchenOrder[];
  return { ticketId: accepted.json().ticketId as string, cards: kitchen.json() as KitchenOrder[], inAnHour, cardsNow };
}

it('an order for now reaches the kitchen on Onayla though Yemeksepeti expects it in an hour, its card promising no time', async () => {
  const { ticketId, cards } = await acceptedYemeksepeti(false, 'YS-NOW-1');
  const card = cards.find((c) => c.ticketId === ticketId);
  expect(card?.promisedAt).toBeNull();
});

it('a pre-order for an hour from now waits (it is cooked at the promised time less the preparation minutes)', async () => {
  const { ticketId, cards } = await acceptedYemeksepeti(true, 'YS-PRE-1');
  expect(cards.some((c) => c.ticketId === ticketId)).toBe(false);
});

it('a pre-order’s kitchen card, when it reaches the kitchen, carries the promised time (the card shows "Teslim: 17:15")', async () => {
  const { ticketId, inAnHour, cardsNow } = await acceptedYemeksepeti(true, 'YS-PRE-2');
  expect(await sendDueScheduledOrders(commandDeps(ctx.app), new Date(Date.parse(inAnHour) - 20 * 60_000))).toBeGreaterThanOrEqual(1);
  const card = (await cardsNow()).find((c) => c.ticketId === ticketId);
  expect(card?.promisedAt).toBe(inAnHour);
});
