import { and, eq, gte, lt } from 'drizzle-orm';
import { businessPeriodBounds } from '../../../shared/domain/calendar';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Db } from '../../db/client';
import { tableRequests } from '../../db/schema';
import { medianOf } from './median';

/**
 * QR Sipariş in Satış Raporları: the guests' order requests sent in the period's business days, by
 * how they ended, and how long the floor took to confirm them (the median: one slow evening does
 * not hide the usual). A request still waiting past its expiry counts as expired, as the guest's
 * page says (modules/table-requests never stores that state).
 */
export async function qrRequestFigures(
  db: Db,
  restaurantId: string,
  period: { from: string; to: string },
  calendar: { timeZone: string; businessDayStartHour: number },
  now: Date,
): Promise<SalesReportResponse['qrRequests']> {
  const bounds = businessPeriodBounds(period, calendar.timeZone, calendar.businessDayStartHour, now);
  const rows = await db
    .select({ status: tableRequests.status, createdAt: tableRequests.createdAt, answeredAt: tableRequests.answeredAt, expiresAt: tableRequests.expiresAt })
    .from(tableRequests)
    .where(and(eq(tableRequests.restaurantId, restaurantId), eq(tableRequests.kind, 'order'), gte(tableRequests.createdAt, bounds.from), lt(tableRequests.createdAt, bounds.to)));
  if (rows.length === 0) return null;
  const waits = rows
    .filter((r) => r.status === 'accepted' && r.answeredAt)
    .map((r) => Math.round((r.answeredAt!.getTime() - r.createdAt.getTime()) / 1000))
    .sort((a, b) => a - b);
  const median = medianOf(waits);
  return {
    accepted: waits.length,
    rejected: rows.filter((r) => r.status === 'rejected').length,
    expired: rows.filter((r) => r.status === 'expired' || (r.status === 'pending' && r.expiresAt <= now)).length,
    medianConfirmSeconds: median === null ? null : Math.round(median),
  };
}
