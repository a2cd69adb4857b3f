import type { SalesReportResponse } from '../../../shared/reports-contract';
import { billsTestAppAway, closeBillAt, type BillsFixture } from '../bills/bills-test-kit';

/*
 * The sales report groups bills by the business day of the restaurant (Ayarlar: Europe/Istanbul,
 * day from 05:00), never the server's time zone (here America/New_York) nor the browser's: with a
 * fixed clock, bills closed at 00:30 and 04:59 Istanbul time belong to the day before, one closed at
 * 05:00 to its own day; the hour × weekday table puts them at 0, 4 and 5 on the business day's weekday.
 */
let f: BillsFixture;
let app: Awaited<ReturnType<typeof billsTestAppAway>>;

beforeAll(async () => {
  app = await billsTestAppAway('America/New_York');
  f = app.f;
});
afterAll(() => app.close());

/** Wednesday 25 November 2026 in Istanbul (UTC+3): 00:30, 04:59 and 05:00. */
const AT_0030 = new Date('2026-11-24T21:30:00Z');
const AT_0459 = new Date('2026-11-25T01:59:00Z');
const AT_0500 = new Date('2026-11-25T02:00:00Z');

const closeAt = async (at: Date) => (await closeBillAt(f, at)).total;

async function report(from: string, to = from) {
  const res = await f.api(f.restaurant.owner).call('GET', `/reports/sales?from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  return res.json() as SalesReportResponse;
}

it('bills closed at 00:30 and 04:59 belong to the business day before, one at 05:00 to its own day', async () => {
  const a = await closeAt(AT_0030);
  const b = await closeAt(AT_0459);
  const c = await closeAt(AT_0500);
  const tuesday = await report('2026-11-24');
  expect(tuesday.summary).toMatchObject({ bills: 2, net: a + b });
  const wednesday = await report('2026-11-25');
  expect(wednesday.summary).toMatchObject({ bills: 1, net: c });
  const both = await report('2026-11-24', '2026-11-25');
  expect(both.byDay.map((d) => [d.day, d.bills])).toEqual([
    ['2026-11-24', 2],
    ['2026-11-25', 1],
  ]);
  // Tuesday (2) at 00 and 04 o'clock, Wednesday (3) at 05 o'clock
  expect(both.byHour.map((h) => [h.weekday, h.hour, h.bills])).toEqual([
    [2, 0, 1],
    [2, 4, 1],
    [3, 5, 1],
  ]);
  // the previous equal period of the two days is the two days before
  expect(both.previous).toMatchObject({ from: '2026-11-22', to: '2026-11-23' });
});
