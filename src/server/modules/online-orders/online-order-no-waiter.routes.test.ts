import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from './online-orders-test-kit';

/*
 * An online order is nobody's table: accepted by the owner, its ticket carries no Garson — the
 * kitchen card names none, and Satış Raporları' waiter table leaves it out (the owner would
 * otherwise appear as a waiter, with exceptions measured against online sales).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('an accepted online order carries no waiter on its ticket, its kitchen card or the waiter report', async () => {
  const f = await onlineOrdersFixture(ctx);
  const owner = f.restaurant.owner;
  const posted = await f.post(f.order({ type: 'takeaway', customer: { name: 'Ayşe Yılmaz', phone: '0532 123 45 67' } }));
  expect(posted.statusCode, posted.body).toBe(201);
  const { orderId } = posted.json() as { orderId: string };
  const accepted = await f.call(owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 15 });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const { ticketId } = accepted.json() as { ticketId: string };

  const ticket = (await f.call(owner, 'GET', `/tickets/${ticketId}`)).json() as Ticket;
  expect(ticket).toMatchObject({ waiterId: null, waiterName: null });
  const cards = (await f.call(f.restaurant.kitchen, 'GET', '/kitchen/orders')).json() as KitchenOrder[];
  expect(cards.find((c) => c.ticketId === ticketId)).toMatchObject({ waiterName: null });

  expect((await f.call(owner, 'POST', `/tickets/${ticketId}/payments`, { method: 'cash', amount: ticket.totals.remaining, given: ticket.totals.remaining })).statusCode).toBe(200);
  const paid = (await f.call(owner, 'GET', `/tickets/${ticketId}`)).json() as Ticket;
  const closed = await f.call(owner, 'POST', `/tickets/${ticketId}/close`, { version: paid.version });
  expect(closed.statusCode, closed.body).toBe(200);
  const { day } = (await f.call(owner, 'GET', '/days/open')).json() as { day: string };
  const report = (await f.call(owner, 'GET', `/reports/sales?from=${day}&to=${day}`)).json() as SalesReportResponse;
  expect(report.summary.bills).toBe(1);
  expect(report.byWaiter).toEqual([]);
});
