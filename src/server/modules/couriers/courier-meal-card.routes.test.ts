import { eq, inArray } from 'drizzle-orm';
import type { CourierSettlementResult } from '../../../shared/couriers-contract';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import { payments, tickets } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { couriersFixture } from './couriers-test-kit';

/*
 * A meal card taken at the door is a meal card everywhere the courier's money is counted: on the
 * bill's payment, in Kurye Takibi's unsettled sums and settlement, and in Satış Raporları's Kurye
 * hesapları. Counting it as card would make the owner expect a card slip the courier cannot hand
 * over (and a meal-card reimbursement that never shows).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());
const db = () => ctx.database.db;

describe('a meal card taken by a courier at the door', () => {
  it('is counted as Yemek Kartı, apart from Kredi Kartı, on the bill, the settlement and Satış Raporları', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(3);
    const deliverAndPay = async (i: number, body: object) => {
      const id = trip.orders[i].id;
      expect((await trip.phone.step(id, { step: 'picked_up' })).statusCode).toBe(200);
      expect((await trip.phone.step(id, { step: 'delivered' })).statusCode).toBe(200);
      const res = await trip.phone.step(id, { step: 'paid', ...body });
      expect(res.statusCode, res.body).toBe(200);
    };
    // each order is Ezogelin × 2 = 190 TL
    await deliverAndPay(0, { method: 'meal_card', brand: 'Multinet' });
    await deliverAndPay(1, { method: 'meal_card', brand: 'Multinet' });
    await deliverAndPay(2, { method: 'card' });

    const paid = await db().select().from(payments).where(inArray(payments.ticketId, trip.tickets.map((t) => t.id)));
    expect(paid.map((p) => [p.method, p.brand, p.amountKurus]).sort()).toEqual([
      ['card', null, 19_000],
      ['meal_card', 'Multinet', 19_000],
      ['meal_card', 'Multinet', 19_000],
    ]);

    const shown = (await f.board()).couriers.find((c) => c.id === trip.courier.id)!;
    expect(shown.unsettled).toMatchObject({ deliveredCount: 3, cash: 0, card: 19_000, mealCard: 38_000 });
    const settled = await f.owner.call('POST', `/couriers/${trip.courier.id}/settlements`, { assignmentIds: shown.unsettled.assignmentIds });
    expect(settled.statusCode, settled.body).toBe(201);
    expect(settled.json() as CourierSettlementResult).toMatchObject({ deliveredCount: 3, cash: 0, card: 19_000, mealCard: 38_000 });

    // the bills' own business day, not today's date: the report covers exactly that day
    const [{ businessDay }] = await db().select({ businessDay: tickets.businessDay }).from(tickets).where(eq(tickets.id, trip.tickets[0].id));
    const report = await f.owner.call('GET', `/reports/sales?from=${businessDay}&to=${businessDay}`);
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json() as SalesReportResponse).byCourier).toEqual([
      { courierId: trip.courier.id, name: trip.courier.name, delivered: 3, cash: 0, card: 19_000, mealCard: 38_000, settled: 57_000, open: 0 },
    ]);
  });
});
