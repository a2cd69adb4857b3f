import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BrokenLink } from '../../../shared/audit-chain-contract';
import { canonicalJson } from '../../../shared/canonical-json';
import type { Db } from '../../db/client';
import { dayCloses, tickets } from '../../db/schema';
import { GENESIS_HASH, billLinkHash, sha256Hex } from './chain-hash';

type DayCloseRow = typeof dayCloses.$inferSelect;

/**
 * What a Gün Sonu's hash covers: everything the report says (figures, cash count, carried adisyons,
 * who and when) and its place — the restaurant, its number, its day — and the hash of the last bill
 * of the day, so the day's bills are tied to it through the bill chain. The report is stored as
 * jsonb: canonical JSON (sorted keys) reads the same bytes back.
 */
export function dayCloseContent(row: Omit<DayCloseRow, 'id' | 'digest' | 'hash' | 'prevHash'>) {
  return {
    restaurantId: row.restaurantId,
    number: row.number,
    businessDay: row.businessDay,
    firstBillNumber: row.firstBillNumber,
    lastBillNumber: row.lastBillNumber,
    billCount: row.billCount,
    openingFloat: row.openingFloatKurus,
    cashSales: row.cashSalesKurus,
    cashIn: row.cashInKurus,
    cashOut: row.cashOutKurus,
    cashRefunds: row.cashRefundsKurus,
    expectedCash: row.expectedCashKurus,
    countedCash: row.countedCashKurus,
    difference: row.differenceKurus,
    report: row.report,
    note: row.note,
    closedBy: row.closedBy,
    closedAt: row.closedAt.toISOString(),
    lastBillHash: row.lastBillHash,
  };
}

export const dayCloseDigest = (row: Parameters<typeof dayCloseContent>[0]) => sha256Hex(canonicalJson(dayCloseContent(row)));

export const DAY_CHAIN_MESSAGES = {
  numberGap: (from: number, to: number) => (from === to ? `Gün Sonu No ${from} yok: silinmiş` : `Gün Sonu No ${from}–${to} yok: silinmiş`),
  prevMismatch: 'Önceki gün sonuna bağlantı tutmuyor: gün sonu eklenmiş, silinmiş ya da önceki değiştirilmiş',
  contentChanged: 'Gün sonu raporunun içeriği mühürlendiği andan beri değişmiş',
  hashMismatch: 'Gün sonunun mührü özetiyle uyuşmuyor: mühür sonradan değiştirilmiş',
  billLinkBroken: 'Gün sonundaki son hesabın mührü tutmuyor: o günün hesapları sonradan değiştirilmiş ya da silinmiş',
} as const;

/**
 * Walks a restaurant's Gün Sonu reports in number order: numbers without gaps, each linked to the
 * one before, its content matching its digest, and the last bill it names still carrying the hash
 * it had at the close.
 */
export async function verifyDayCloses(db: Db, restaurantId: string): Promise<{ days: number; broken: BrokenLink | null }> {
  const rows = await db.select().from(dayCloses).where(eq(dayCloses.restaurantId, restaurantId)).orderBy(asc(dayCloses.number));
  const lastBills = rows.map((r) => r.lastBillNumber).filter((n): n is number => n !== null);
  const billHashes = new Map<number, string | null>();
  if (lastBills.length) {
    const found = await db
      .select({ number: tickets.billNumber, hash: tickets.billHash })
      .from(tickets)
      .where(and(eq(tickets.restaurantId, restaurantId), inArray(tickets.billNumber, lastBills)));
    for (const b of found) billHashes.set(b.number!, b.hash);
  }
  let prev: DayCloseRow | null = null;
  for (const row of rows) {
    const fail = (reason: string): BrokenLink => ({ kind: 'day', seq: null, billNumber: null, dayNumber: row.number, id: row.id, reason });
    if (row.number !== (prev?.number ?? 0) + 1) return { days: rows.length, broken: fail(DAY_CHAIN_MESSAGES.numberGap((prev?.number ?? 0) + 1, row.number - 1)) };
    if (row.prevHash !== (prev?.hash ?? GENESIS_HASH)) return { days: rows.length, broken: fail(DAY_CHAIN_MESSAGES.prevMismatch) };
    if (dayCloseDigest(row) !== row.digest) return { days: rows.length, broken: fail(DAY_CHAIN_MESSAGES.contentChanged) };
    if (row.hash !== billLinkHash(row.prevHash, row.digest)) return { days: rows.length, broken: fail(DAY_CHAIN_MESSAGES.hashMismatch) };
    if (row.lastBillNumber !== null && billHashes.get(row.lastBillNumber) !== row.lastBillHash) {
      return { days: rows.length, broken: fail(DAY_CHAIN_MESSAGES.billLinkBroken) };
    }
    prev = row;
  }
  return { days: rows.length, broken: null };
}
