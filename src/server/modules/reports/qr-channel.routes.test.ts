import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { guestAt, qrFixture } from '../table-requests/table-requests-test-kit';

/*
 * QR Sipariş in Satış Raporları: a bill that took a guest's order from the table's QR code is sold
 * through that channel, and the period's requests are counted by how they ended, with the median
 * time the floor took to confirm.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

it('counts a QR-ordered bill under "QR Sipariş", and the requests confirmed, rejected and left to expire', async () => {
  const start = new Date('2026-11-25T20:00:00+03:00');
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  const f = await qrFixture(ctx);
  const basket = [{ menuItemId: f.ezogelin.id, quantity: 2, optionIds: [] }];
  const guest = (table: number, address: string) => guestAt(ctx, f.restaurant.id, f.tables[table].qrToken, address);
  const waiter = f.staff();

  const confirmed = (await guest(0, '10.9.0.1').order(basket)).json().requestId as string;
  vi.setSystemTime(new Date(start.getTime() + 90_000));
  const accepted = await waiter.accept(confirmed);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const { ticketId } = accepted.json() as { ticketId: string };
  const ticket = (await waiter.call('GET', `/tickets/${ticketId}`)).json() as Ticket;
  expect((await waiter.call('POST', `/tickets/${ticketId}/payments`, { method: 'cash', amount: ticket.totals.remaining, given: ticket.totals.remaining })).statusCode).toBe(200);
  const paid = (await waiter.call('GET', `/tickets/${ticketId}`)).json() as Ticket;
  expect((await waiter.call('POST', `/tickets/${ticketId}/close`, { version: paid.version })).statusCode).toBe(200);

  const refused = (await guest(1, '10.9.0.2').order(basket)).json().requestId as string;
  expect((await waiter.reject(refused, 'Mutfak kapandı')).statusCode).toBe(204);
  await guest(2, '10.9.0.3').order(basket);
  vi.setSystemTime(new Date(start.getTime() + 20 * 60_000));

  const { day } = (await waiter.call('GET', '/days/open')).json() as { day: string };
  const answer = await f.staff(f.restaurant.owner).call('GET', `/reports/sales?from=${day}&to=${day}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const report = answer.json() as SalesReportResponse;
  expect(report.byChannel.find((c) => c.channel === 'qr')).toMatchObject({ label: 'QR Sipariş', bills: 1, net: paid.totals.total });
  expect(report.qrRequests).toEqual({ accepted: 1, rejected: 1, expired: 1, medianConfirmSeconds: 90 });
});
