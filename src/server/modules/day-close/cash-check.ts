import { and, asc, eq, inArray } from 'drizzle-orm';
import { CASH_MOVEMENT_KINDS } from '../../../shared/day-close-contract';
import { auditEvents, cashMovements, refunds } from '../../db/schema';
import type { RecordCheck } from '../../lib/record-check';

const nf = new Intl.NumberFormat('tr-TR');

/**
 * Kasa hareketleri and İade rows against the audit rows written with them (day-close-commands.ts):
 * the server's role can neither change nor delete them (client.ts), so a row with no audit row, or
 * one that says another amount, was slipped in around the application.
 */
export const checkCashRecords: RecordCheck = async (db, restaurantId) => {
  const audited = await db
    .select({ entityId: auditEvents.entityId, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), inArray(auditEvents.action, [...CASH_MOVEMENT_KINDS.map((k) => `cash.${k}`), 'bill.refund'])))
    .orderBy(asc(auditEvents.seq));
  const said = new Map<string, { amount?: unknown; kind?: unknown; businessDay?: unknown; method?: unknown }>();
  for (const a of audited) {
    const after = (a.after ?? {}) as Record<string, unknown>;
    const id = typeof after.refundId === 'string' ? after.refundId : a.entityId;
    if (id) said.set(id, after);
  }
  const moves = await db.select().from(cashMovements).where(eq(cashMovements.restaurantId, restaurantId)).orderBy(asc(cashMovements.createdAt));
  for (const m of moves) {
    const a = said.get(m.id);
    if (!a) return { id: m.id, reason: `Kasa hareketi (${nf.format(m.amountKurus / 100)} TL) denetim kaydında yok: uygulamanın dışından eklenmiş` };
    if (a.amount !== m.amountKurus || a.kind !== m.kind || a.businessDay !== m.businessDay)
      return { id: m.id, reason: 'Kasa hareketi denetim kaydındakiyle uyuşmuyor: tutarı, türü ya da günü değiştirilmiş' };
  }
  const given = await db.select().from(refunds).where(eq(refunds.restaurantId, restaurantId)).orderBy(asc(refunds.createdAt));
  for (const r of given) {
    const a = said.get(r.id);
    if (!a) return { id: r.id, reason: `İade (${nf.format(r.amountKurus / 100)} TL) denetim kaydında yok: uygulamanın dışından eklenmiş` };
    if (a.amount !== r.amountKurus || a.method !== r.method || a.businessDay !== r.businessDay)
      return { id: r.id, reason: 'İade denetim kaydındakiyle uyuşmuyor: tutarı, yöntemi ya da günü değiştirilmiş' };
  }
  return null;
};
