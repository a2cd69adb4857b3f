import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuditChainReport, BrokenLink } from '../../../shared/audit-chain-contract';
import type { Db } from '../../db/client';
import { auditEvents, payments, ticketLines, tickets } from '../../db/schema';
import { LINE_ORDER } from '../orders/ticket-read.service';
import { GENESIS_HASH, auditRowContent, billLinkHash, linkHash } from './chain-hash';
import { verifyDayCloses } from '../day-close/day-chain';
import { billContent, billDigestOf } from './seal-bill';

const AUDIT_PAGE = 2000;
const BILL_PAGE = 500;

const nf = new Intl.NumberFormat('tr-TR');

export const CHAIN_MESSAGES = {
  seqMissing: 'Sıra numarası olmayan bir satır var: kayıt uygulamanın dışından eklenmiş',
  seqGap: (from: number, to: number) =>
    from === to ? `${nf.format(from)}. satır yok: kayıt silinmiş` : `${nf.format(from)}–${nf.format(to)}. satırlar yok: kayıtlar silinmiş`,
  hashMissing: 'Zincir başladıktan sonra yazılmış ama özeti olmayan bir satır: kayıt uygulamanın dışından eklenmiş',
  prevMismatch: 'Önceki satıra bağlantı tutmuyor: araya kayıt eklenmiş ya da önceki satır değiştirilmiş',
  hashMismatch: 'Satırın içeriği özetiyle uyuşmuyor: kayıt sonradan değiştirilmiş ya da uydurulmuş',
  billNumberGap: (from: number, to: number) =>
    from === to ? `Hesap No ${nf.format(from)} yok: hesap silinmiş` : `Hesap No ${nf.format(from)}–${nf.format(to)} yok: hesaplar silinmiş`,
  billUnsealed: 'Zincir başladıktan sonra kapanmış ama mühürlenmemiş bir hesap',
  billPrevMismatch: 'Önceki hesaba bağlantı tutmuyor: hesap eklenmiş, silinmiş ya da önceki hesap değiştirilmiş',
  billHashMismatch: 'Hesabın mührü özetiyle uyuşmuyor: mühür sonradan değiştirilmiş',
  billContentChanged: 'Hesabın tutarları, ödemeleri ya da kapanış zamanı mühürlendiği andan beri değişmiş',
} as const;

/**
 * Walks a restaurant's two chains — audit rows in seq order, bills in number order — and answers
 * how many records each holds and the first link that does not hold (the audit log first: it is
 * the record of everything, bills included). Rows and bills from before the chain existed form a
 * prefix of each chain without hashes: counted apart, not checked (see the 0010 migration).
 *
 * Read in one REPEATABLE READ snapshot, so a command committing meanwhile (a reopened bill closed
 * again relinks the bills after it) cannot make the walk see half of a change.
 */
export async function verifyChains(db: Db, restaurantId: string): Promise<AuditChainReport> {
  return db.transaction(
    async (tx) => {
      const audit = await verifyAudit(tx, restaurantId);
      const bills = await verifyBills(tx, restaurantId);
      // Gün Sonu reports (issue 23): chained to each other and to the last bill of their day
      const days = await verifyDayCloses(tx, restaurantId);
      return {
        auditRows: audit.rows,
        auditRowsBeforeChain: audit.beforeChain,
        bills: bills.bills,
        billsBeforeChain: bills.beforeChain,
        firstBroken: audit.broken ?? bills.broken ?? days.broken,
        brokenChains: [...(audit.broken ? (['audit'] as const) : []), ...(bills.broken ? (['bill'] as const) : []), ...(days.broken ? (['day'] as const) : [])],
        ...(days.days > 0 ? { dayCloses: days.days } : {}),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function verifyAudit(db: Db, restaurantId: string) {
  let rows = 0;
  let beforeChain = 0;
  let broken: BrokenLink | null = null;
  const fail = (seq: number | null, id: number, reason: string) => {
    broken ??= { kind: 'audit', seq, billNumber: null, id: String(id), reason };
  };

  // Rows without a seq were not written by the application: the first is reported as it is.
  const [loose] = await db
    .select({ id: auditEvents.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), isNull(auditEvents.seq)))
    .orderBy(asc(auditEvents.id))
    .limit(1);

  let expected = 1;
  let prevHash: string | null = null;
  let isChained = false;
  for (let after = 0; ; ) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, restaurantId), isNotNull(auditEvents.seq), gt(auditEvents.seq, after)))
      .orderBy(asc(auditEvents.seq))
      .limit(AUDIT_PAGE);
    for (const row of page) {
      const seq = row.seq!;
      rows++;
      if (broken) continue;
      if (seq !== expected) fail(seq, row.id, CHAIN_MESSAGES.seqGap(expected, seq - 1));
      expected = seq + 1;
      if (row.hash === null) {
        if (isChained) fail(seq, row.id, CHAIN_MESSAGES.hashMissing);
        else if (row.prevHash !== null) fail(seq, row.id, CHAIN_MESSAGES.hashMismatch);
        else beforeChain++;
        continue;
      }
      isChained = true;
      if (row.prevHash !== (prevHash ?? GENESIS_HASH)) fail(seq, row.id, CHAIN_MESSAGES.prevMismatch);
      else if (row.hash !== linkHash(row.prevHash, auditRowContent({ ...row, seq }))) fail(seq, row.id, CHAIN_MESSAGES.hashMismatch);
      prevHash = row.hash;
    }
    if (page.length < AUDIT_PAGE) break;
    after = page[page.length - 1].seq!;
  }
  if (loose) {
    rows += loose.n;
    fail(null, loose.id, CHAIN_MESSAGES.seqMissing);
  }
  return { rows, beforeChain, broken: broken as BrokenLink | null };
}

async function verifyBills(db: Db, restaurantId: string) {
  let count = 0;
  let beforeChain = 0;
  let broken: BrokenLink | null = null;
  const fail = (billNumber: number, id: string, reason: string) => {
    broken ??= { kind: 'bill', seq: null, billNumber, id, reason };
  };

  let previous: { number: number; hash: string | null } | null = null;
  let isChained = false;
  for (let after = 0; ; ) {
    const page = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.restaurantId, restaurantId), isNotNull(tickets.billNumber), gt(tickets.billNumber, after)))
      .orderBy(asc(tickets.billNumber))
      .limit(BILL_PAGE);
    // a reopened bill (open now) keeps its link; only a closed one is held to its content
    const closed = page.filter((t) => t.status === 'closed' && t.billHash !== null).map((t) => t.id);
    const lines = byTicket(closed.length ? await db.select().from(ticketLines).where(inArray(ticketLines.ticketId, closed)).orderBy(...LINE_ORDER) : []);
    const paid = byTicket(closed.length ? await db.select().from(payments).where(inArray(payments.ticketId, closed)) : []);
    for (const bill of page) {
      const number = bill.billNumber!;
      count++;
      if (broken) continue;
      const prev: { number: number; hash: string | null } | null = previous;
      previous = { number, hash: bill.billHash };
      if (bill.billHash === null) {
        if (isChained) fail(number, bill.id, CHAIN_MESSAGES.billUnsealed);
        else beforeChain++;
        continue;
      }
      isChained = true;
      if (prev && number !== prev.number + 1) fail(number, bill.id, CHAIN_MESSAGES.billNumberGap(prev.number + 1, number - 1));
      else if (bill.billPrevHash !== (prev?.hash ?? GENESIS_HASH)) fail(number, bill.id, CHAIN_MESSAGES.billPrevMismatch);
      else if (bill.billDigest === null || bill.billHash !== billLinkHash(bill.billPrevHash!, bill.billDigest)) fail(number, bill.id, CHAIN_MESSAGES.billHashMismatch);
      else if (bill.status === 'closed' && !contentHolds(bill, lines.get(bill.id) ?? [], paid.get(bill.id) ?? [])) fail(number, bill.id, CHAIN_MESSAGES.billContentChanged);
    }
    if (page.length < BILL_PAGE) break;
    after = page[page.length - 1].billNumber!;
  }
  return { bills: count, beforeChain, broken: broken as BrokenLink | null };
}

/** Rows grouped by their ticket, keeping the order they came in (the bill module's line order). */
function byTicket<T extends { ticketId: string }>(rows: T[]) {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const own = map.get(r.ticketId);
    if (own) own.push(r);
    else map.set(r.ticketId, [r]);
  }
  return map;
}

function contentHolds(bill: typeof tickets.$inferSelect, lines: (typeof ticketLines.$inferSelect)[], paid: (typeof payments.$inferSelect)[]) {
  try {
    return billDigestOf(billContent(bill, lines, paid)) === bill.billDigest;
  } catch {
    // stored lines the bill module cannot even work out are not what was sealed
    return false;
  }
}
