import { and, between, eq } from 'drizzle-orm';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Db } from '../../db/client';
import { courierAssignments, couriers, tickets } from '../../db/schema';

type CourierRow = SalesReportResponse['byCourier'][number];

/**
 * Kurye hesapları in Satış Raporları: per courier, the orders delivered on bills of the period's
 * business days, what they collected at the door by method, and how much of it is settled (handed
 * over with Kurye Takibi's Hesaplaş) or still with them. Read from the assignments themselves, so
 * it agrees with Kurye Takibi to the kuruş.
 */
export async function courierFigures(db: Db, restaurantId: string, from: string, to: string): Promise<CourierRow[]> {
  const rows = await db
    .select({
      courierId: courierAssignments.courierId,
      name: couriers.name,
      method: courierAssignments.collectedMethod,
      amount: courierAssignments.collectedKurus,
      settled: courierAssignments.settlementId,
    })
    .from(courierAssignments)
    .innerJoin(tickets, eq(tickets.id, courierAssignments.ticketId))
    .innerJoin(couriers, eq(couriers.id, courierAssignments.courierId))
    .where(and(eq(courierAssignments.restaurantId, restaurantId), eq(courierAssignments.status, 'delivered'), eq(tickets.status, 'closed'), between(tickets.businessDay, from, to)));
  const byCourier = new Map<string, CourierRow>();
  for (const r of rows) {
    const c = byCourier.get(r.courierId) ?? { courierId: r.courierId, name: r.name, delivered: 0, cash: 0, card: 0, mealCard: 0, settled: 0, open: 0 };
    c.delivered += 1;
    if (r.method === 'cash') c.cash += r.amount;
    else if (r.method === 'card') c.card += r.amount;
    else if (r.method === 'meal_card') c.mealCard += r.amount;
    if (r.settled) c.settled += r.amount;
    else c.open += r.amount;
    byCourier.set(r.courierId, c);
  }
  return [...byCourier.values()].sort((a, b) => b.delivered - a.delivered || a.name.localeCompare(b.name, 'tr'));
}
