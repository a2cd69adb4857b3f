import { businessDay } from '../../../shared/domain/calendar';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from '../online-orders/online-orders-test-kit';

/*
 * Satış Raporları by channel: a bill that came online (here through the restaurant's own signed
 * channel) is counted under its source, everything else under "Restoranda alınan", and the rows add
 * up to the summary. A period with nothing online has no channel table.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('an online order closed today is sales of its channel; the floor is the rest; the CSV has the table', async () => {
  const f = await onlineOrdersFixture(ctx);
  const owner = (method: 'GET' | 'POST', url: string, payload?: unknown) => f.call(f.restaurant.owner, method, url, payload);
  const today = businessDay(new Date(), 'Europe/Istanbul', 5);
  const report = async () => (await owner('GET', `/reports/sales?from=${today}&to=${today}`)).json() as SalesReportResponse;
  expect((await report()).byChannel).toEqual([]);

  const received = await f.post(f.order({ externalId: 'W-501' }));
  expect(received.statusCode, received.body).toBe(201);
  const accepted = await owner('POST', `/online-orders/${received.json().orderId}/accept`, { prepMinutes: 20 });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const ticketId = accepted.json().ticketId as string;
  const open = (await owner('GET', `/tickets/${ticketId}`)).json() as Ticket;
  const paid = await owner('POST', `/tickets/${ticketId}/payments`, { method: 'cash', amount: open.totals.remaining });
  expect(paid.statusCode, paid.body).toBe(200);
  const closed = await owner('POST', `/tickets/${ticketId}/close`, { version: (paid.json() as Ticket).version });
  expect(closed.statusCode, closed.body).toBe(200);

  const r = await report();
  expect(r.byChannel.map((c) => [c.channel, c.label, c.bills, c.net])).toEqual([
    ['floor', 'Restoranda alınan', 0, 0],
    ['sofra', expect.any(String), 1, open.totals.total],
  ]);
  expect(r.byChannel.reduce((s, c) => s + c.net, 0)).toBe(r.summary.net);
  const csv = await owner('GET', `/reports/sales.csv?from=${today}&to=${today}&table=byChannel`);
  expect(csv.statusCode, csv.body).toBe(200);
  expect(csv.body).toContain('Satış Kanalı;');
});
