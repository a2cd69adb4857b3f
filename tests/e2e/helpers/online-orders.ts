import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Counts chimes (run in the page, e.g. with addInitScript): every playChime makes oscillators on a fresh AudioContext. */
export const countChimes = () => {
  const w = window as unknown as { __chimes: number; AudioContext: typeof AudioContext };
  w.__chimes = 0;
  const original = w.AudioContext.prototype.createOscillator;
  w.AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__chimes++;
    return original.call(this);
  };
};
export const chimes = (page: Page) => page.evaluate(() => (window as unknown as { __chimes: number }).__chimes);

/** The channel's secret as the owner sees it in the inbox's Kendi Kanalımız section (made once if missing). */
export async function channelSecret(request: APIRequestContext, restaurantId: string) {
  const url = `/api/restaurants/${restaurantId}/integrations/sofra/secret`;
  const current = (await (await request.get(url)).json()) as { secret: string | null };
  if (current.secret) return current.secret;
  const made = await request.post(url);
  expect(made.ok(), await made.text()).toBe(true);
  return ((await made.json()) as { secret: string }).secret;
}

/** What an integrator does: HMAC-SHA256 of "<timestamp>.<raw body>" with the secret, as hex. */
export async function postSignedOrder(request: APIRequestContext, restaurantId: string, secret: string, order: object) {
  const body = JSON.stringify(order);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return request.post(`/api/integrations/sofra/${restaurantId}/orders`, {
    data: body,
    headers: { 'content-type': 'application/json', 'x-sofra-timestamp': timestamp, 'x-sofra-signature': signature },
  });
}

/** Answers (Reddet, too busy) every online order still waiting: one left waiting rings on every owner screen after it. */
export async function rejectWaitingOrders(request: APIRequestContext, restaurantId: string) {
  const open = (await (await request.get(`/api/restaurants/${restaurantId}/online-orders?status=new`)).json()) as { id: string }[];
  for (const o of open) await request.post(`/api/restaurants/${restaurantId}/online-orders/${o.id}/reject`, { data: { reason: 'too_busy' } });
}
