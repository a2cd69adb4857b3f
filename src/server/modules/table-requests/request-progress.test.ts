import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { guestAt, qrFixture } from './table-requests-test-kit';

/*
 * How far the kitchen got with a guest's accepted order (table-requests-read.service.ts progressOf),
 * as the guest's page and the staff's list read it: "Hazırlanıyor" while any line is started and
 * not all are ready, "Hazır" once every line is ready or served (one served, one still ready is
 * not served yet), "Servis edildi" only when all are served.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('reads preparing, ready and served from every line of the order, never from one line alone', async () => {
  const f = await qrFixture(ctx);
  const guest = guestAt(ctx, f.restaurant.id, f.tables[1].qrToken, '10.9.0.1');
  const sent = await guest.order([
    { menuItemId: f.mercimek.id, quantity: 2, optionIds: [f.large.id] },
    { menuItemId: f.ezogelin.id, quantity: 1 },
  ]);
  expect(sent.statusCode, sent.body).toBe(201);
  const { requestId } = sent.json();
  const accepted = await f.staff().accept(requestId);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const ticket = (await f.staff().call('GET', `/tickets/${accepted.json().ticketId}`)).json() as Ticket;
  const [first, second] = ticket.lines;
  const kitchen = f.staff(f.restaurant.kitchen);
  const step = async (lineId: string, status: 'preparing' | 'ready') => {
    const res = await kitchen.call('POST', `/kitchen/lines/${lineId}/status`, { status });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const serve = async (lineId: string) => {
    const res = await f.staff().call('POST', `/tickets/${ticket.id}/lines/${lineId}/served`);
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const progress = async () => {
    const seen = (await guest.status(requestId)).json().progress;
    const listed = ((await f.staff().call('GET', '/table-requests')).json().requests as { id: string; progress?: string }[]).find((r) => r.id === requestId);
    expect(listed?.progress).toBe(seen);
    return seen;
  };

  expect(await progress()).toBe('sent');
  await step(first.id, 'preparing');
  await step(first.id, 'ready');
  // one line ready, the other not started: still being prepared, not ready
  expect(await progress()).toBe('preparing');
  await step(second.id, 'preparing');
  await step(second.id, 'ready');
  expect(await progress()).toBe('ready');
  await serve(first.id);
  // one served, one ready: ready, not served
  expect(await progress()).toBe('ready');
  await serve(second.id);
  expect(await progress()).toBe('served');
});
