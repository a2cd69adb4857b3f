import { z } from 'zod';

/**
 * GET /api/restaurants/:restaurantId/audit-chain (owner): the restaurant's history checked link by
 * link — audit rows (Denetim kaydı) and closed bills — and the first link that does not hold.
 */
const brokenLink = z.object({
  kind: z.enum(['audit', 'bill', 'day']),
  /** the audit row's place (null: a row with none, or a bill) */
  seq: z.number().int().nullable(),
  billNumber: z.number().int().nullable(),
  /** a Gün Sonu link: the report's number (issue 23) */
  dayNumber: z.number().int().nullable().optional(),
  /** the audit row's or the bill's (ticket's) id */
  id: z.string(),
  /** why, in Turkish, for the owner */
  reason: z.string(),
});
export type BrokenLink = z.infer<typeof brokenLink>;

export const auditChainReport = z.object({
  auditRows: z.number().int(),
  /** rows written before the chain existed (Sofra before version 0010): counted, not checked */
  auditRowsBeforeChain: z.number().int(),
  bills: z.number().int(),
  billsBeforeChain: z.number().int(),
  /** the first link that does not hold: the audit log's first, as it records everything */
  firstBroken: brokenLink.nullable(),
  /** every chain with a broken link (the bills may be broken too when the audit log is) */
  brokenChains: z.array(z.enum(['audit', 'bill', 'day'])),
  /** Gün Sonu reports checked (present once the restaurant has closed a day) */
  dayCloses: z.number().int().optional(),
  /**
   * Present when this check went on from the last one that held: the audit rows and bills that one
   * had found sound were not read again, only what came after them (Baştan Denetle reads all).
   */
  since: z.object({ auditRows: z.number().int(), bills: z.number().int() }).optional(),
});
export type AuditChainReport = z.infer<typeof auditChainReport>;

/** `?full=true`: walk every link from the first, not only those after the last sound check. */
export const auditChainCheckQuery = z.object({ full: z.enum(['true', 'false']).optional() });

const nf = new Intl.NumberFormat('tr-TR');

/** Where the broken link is, for people: "Denetim kaydı 12. satır" or "Hesap No 7". */
export function brokenLinkPlace(link: BrokenLink): string {
  if (link.kind === 'bill') return `Hesap No ${nf.format(link.billNumber ?? 0)}`;
  if (link.kind === 'day') return `Gün Sonu No ${nf.format(link.dayNumber ?? 0)}`;
  return link.seq === null ? 'Denetim kaydı (sırasız satır)' : `Denetim kaydı ${nf.format(link.seq)}. satır`;
}

/** The one-line verdict the owner's screen and `npm run verify-audit` print. */
export function auditChainVerdict(report: AuditChainReport): string {
  if (report.firstBroken) return `Zincir bozuk: ${brokenLinkPlace(report.firstBroken)} — ${report.firstBroken.reason}`;
  return `Zincir sağlam: ${nf.format(report.auditRows)} denetim kaydı, ${nf.format(report.bills)} hesap`;
}
