import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Bill } from '../../../shared/bill-math';
import { canonicalJson } from '../../../shared/canonical-json';
import type { Db } from '../../db/client';
import { payments, ticketLines, tickets } from '../../db/schema';
import { LINE_ORDER, billOf } from '../orders';
import { GENESIS_HASH, billLinkHash, sha256Hex } from './chain-hash';

type TicketRow = typeof tickets.$inferSelect;
type LineRow = typeof ticketLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * What a closed bill's hash covers: what stays put once it is closed (the 0008 trigger keeps the
 * number; the lines and payments of a closed ticket take no command). Totals are not stored
 * anywhere (ADR 0008): they are worked out from the lines, the discount and the service charge by
 * the one bill module, here as on every screen, so a changed price, quantity, discount or payment
 * changes them. Line statuses are left out: the kitchen may still mark a closed ticket's lines.
 */
export function billContent(ticket: Pick<TicketRow, 'id' | 'restaurantId' | 'billNumber' | 'closedAt' | 'discount' | 'serviceChargePercent'>, lines: readonly LineRow[], paid: readonly PaymentRow[]) {
  const bill: Bill = billOf(ticket, lines, paid, false);
  return {
    restaurantId: ticket.restaurantId,
    billNumber: ticket.billNumber,
    ticketId: ticket.id,
    closedAt: ticket.closedAt?.toISOString() ?? null,
    totals: {
      subtotal: bill.subtotal,
      cancelled: bill.cancelled,
      comps: bill.comps,
      discounts: bill.discounts,
      serviceCharge: bill.serviceCharge,
      total: bill.total,
      vat: bill.vat,
      vatByRate: bill.vatByRate,
      paid: bill.paid,
      change: bill.change,
      tips: bill.tips,
    },
    // by id: two payments of one instant have no other fixed order
    payments: [...paid]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p) => ({
        id: p.id,
        method: p.method,
        brand: p.brand,
        amount: p.amountKurus,
        tip: p.tipKurus,
        change: p.changeKurus,
        customerName: p.customerName,
      })),
  };
}

export const billDigestOf = (content: ReturnType<typeof billContent>) => sha256Hex(canonicalJson(content));

/** The lines (in the bill module's fixed order) and payments of one ticket, as billContent wants them. */
export async function billParts(db: Db, ticketId: string) {
  const lines = await db.select().from(ticketLines).where(eq(ticketLines.ticketId, ticketId)).orderBy(...LINE_ORDER);
  const paid = await db.select().from(payments).where(eq(payments.ticketId, ticketId));
  return { lines, paid };
}

export interface BillSeal {
  billDigest: string;
  billPrevHash: string;
  billHash: string;
}

/**
 * The seal of a bill that is closing (inside closeTicket's command, under the restaurant lock): its
 * digest, and its link after the bill numbered just below it. The seal goes into the same UPDATE as
 * the close (`seal`), because a closed bill's digest never changes afterwards (the 0027 trigger);
 * `relinkLater` then carries the bills after a reopened one over to its new hash.
 *
 * A bill the owner reopened and closes again is sealed again with what it now holds; that changes
 * its hash, so the links of the bills after it are worked out again from their stored digests (no
 * bill is recomputed; reopening is owner-only and audited, and it is usually today's bill). The
 * audit chain keeps the reopen and both closes.
 *
 * A bill that was already numbered but never sealed was closed before the chain existed: it stays
 * outside it, as it was, so the chain remains "unsealed bills first, then sealed ones".
 */
export async function billSealing(
  tx: Db,
  before: Pick<TicketRow, 'id' | 'restaurantId' | 'billNumber' | 'billHash' | 'discount' | 'serviceChargePercent'>,
  closing: { billNumber: number; closedAt: Date },
): Promise<{ seal: Partial<BillSeal>; relinkLater: () => Promise<void> }> {
  if (before.billNumber !== null && before.billHash === null) return { seal: {}, relinkLater: async () => {} };
  const { lines, paid } = await billParts(tx, before.id);
  const digest = billDigestOf(billContent({ ...before, ...closing }, lines, paid));
  const [below] = await tx
    .select({ hash: tickets.billHash })
    .from(tickets)
    .where(and(eq(tickets.restaurantId, before.restaurantId), lt(tickets.billNumber, closing.billNumber)))
    .orderBy(desc(tickets.billNumber))
    .limit(1);
  const prevHash = below?.hash ?? GENESIS_HASH;
  const hash = billLinkHash(prevHash, digest);
  const seal = { billDigest: digest, billPrevHash: prevHash, billHash: hash };
  if (before.billNumber === null) return { seal, relinkLater: async () => {} };
  return { seal, relinkLater: () => relinkBillsAfter(tx, before.restaurantId, closing.billNumber, before.billHash, hash) };
}

async function relinkBillsAfter(tx: Db, restaurantId: string, billNumber: number, oldHashOfBill: string | null, newHashOfBill: string) {
  const later = await tx
    .select({ id: tickets.id, digest: tickets.billDigest, prevHash: tickets.billPrevHash, hash: tickets.billHash })
    .from(tickets)
    .where(and(eq(tickets.restaurantId, restaurantId), gt(tickets.billNumber, billNumber)))
    .orderBy(asc(tickets.billNumber));
  // Only links that hold are carried over: a link found broken stays as found (and so does every
  // one after it), so closing a reopened bill never papers over what the verifier must report.
  let oldHash = oldHashOfBill;
  let hash = newHashOfBill;
  for (const bill of later) {
    if (bill.digest === null || bill.prevHash === null || bill.prevHash !== oldHash || bill.hash !== billLinkHash(bill.prevHash, bill.digest)) return;
    const relinked = billLinkHash(hash, bill.digest);
    await tx.update(tickets).set({ billPrevHash: hash, billHash: relinked }).where(eq(tickets.id, bill.id));
    oldHash = bill.hash;
    hash = relinked;
  }
}
