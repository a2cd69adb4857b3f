import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuditChainReport, BrokenLink } from '../../../shared/audit-chain-contract';
import type { Db } from '../../db/client';
import { auditEvents, payments, restaurants, ticketLines, tickets } from '../../db/schema';
import { LINE_ORDER } from '../orders';
import { GENESIS_HASH, auditRowContent, billLinkHash, linkHash } from './chain-hash';
import { verifyDayCloses } from './day-chain';
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
  timeWentBack: 'Satırın zamanı bir önceki satırınkinden geride: kayıt geriye tarihlenerek eklenmiş ya da sunucunun saati geri alınmış',
  billStatusChanged: 'Mühürlü hesap kapalı değil, ama yeniden açıldığına dair kayıt yok: durumu uygulamanın dışından değiştirilmiş',
  billCounterMismatch: (counter: number, last: number) =>
    `Hesap numarası sayacı ${nf.format(counter)}, son hesap ise No ${nf.format(last)}: sayaç uygulamanın dışından değiştirilmiş`,
} as const;

/**
 * How far an audit row's time may lie before the row ahead of it. Rows are numbered under the
 * restaurant's lock with the writing server's clock: two servers' clocks may differ by a little,
 * never by this much (an attacker's back-dated row differs by days).
 */
const CLOCK_TOLERANCE_MS = 5 * 60_000;

/**
 * Where a check that held ended: the last audit row and the last bill it walked, and what it had
 * counted up to them. The next check starts after them, provided those two links still read as they
 * did (`checkChains`).
 */
export interface ChainCheckpoint {
  audit: AuditMark | null;
  bill: BillMark | null;
}
interface AuditMark {
  seq: number;
  /** that row's hash (null: it was written before the chain existed) */
  hash: string | null;
  rows: number;
  beforeChain: number;
  /** the latest row time seen up to it (ms), which no later row may lie far before */
  createdAt?: number;
}
interface BillMark {
  number: number;
  hash: string | null;
  count: number;
  beforeChain: number;
}

/** The whole history, every link from the first: for tests, `npm run verify-audit` and Baştan Denetle. */
export async function verifyChains(db: Db, restaurantId: string): Promise<AuditChainReport> {
  return (await checkChains(db, restaurantId, null)).report;
}

/**
 * Walks a restaurant's two chains — audit rows in seq order, bills in number order — and answers
 * how many records each holds and the first link that does not hold (the audit log first: it is
 * the record of everything, bills included). Rows and bills from before the chain existed form a
 * prefix of each chain without hashes: counted apart, not checked (see the 0010 migration).
 *
 * Read in one REPEATABLE READ snapshot, so a command committing meanwhile (a reopened bill closed
 * again relinks the bills after it) cannot make the walk see half of a change.
 *
 * From a checkpoint, only the links after it are read and hashed, and the checkpoint's own two
 * links are read again: a chain relinked since (a reopened bill closed again rewrites the bill
 * hashes after it) or a checkpoint row changed makes the walk start from the first link instead.
 * What lies before a checkpoint was found sound once and is re-checked only by a full walk.
 * Gün Sonu reports (one a day) are always walked whole.
 *
 * Answers the report and the checkpoint to keep: null when a link is broken, so every later check
 * walks the whole chain again and keeps naming the first broken link.
 */
export async function checkChains(db: Db, restaurantId: string, from: ChainCheckpoint | null): Promise<{ report: AuditChainReport; checkpoint: ChainCheckpoint | null }> {
  return db.transaction(
    async (tx) => {
      const start = from && (await stillHolds(tx, restaurantId, from)) ? from : null;
      const audit = await verifyAudit(tx, restaurantId, start?.audit ?? null);
      const bills = await verifyBills(tx, restaurantId, start?.bill ?? null);
      // Gün Sonu reports (issue 23): chained to each other and to the last bill of their day
      const days = await verifyDayCloses(tx, restaurantId);
      const report: AuditChainReport = {
        auditRows: audit.rows,
        auditRowsBeforeChain: audit.beforeChain,
        bills: bills.bills,
        billsBeforeChain: bills.beforeChain,
        firstBroken: audit.broken ?? bills.broken ?? days.broken,
        brokenChains: [...(audit.broken ? (['audit'] as const) : []), ...(bills.broken ? (['bill'] as const) : []), ...(days.broken ? (['day'] as const) : [])],
        ...(days.days > 0 ? { dayCloses: days.days } : {}),
        ...(start ? { since: { auditRows: start.audit?.rows ?? 0, bills: start.bill?.count ?? 0 } } : {}),
      };
      return { report, checkpoint: report.firstBroken ? null : { audit: audit.mark, bill: bills.mark } };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The checkpoint's last audit row and last bill still carry the hashes they had. */
async function stillHolds(db: Db, restaurantId: string, from: ChainCheckpoint) {
  if (from.audit) {
    const [row] = await db
      .select({ hash: auditEvents.hash })
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.seq, from.audit.seq)));
    if (!row || row.hash !== from.audit.hash) return false;
  }
  if (from.bill) {
    const [bill] = await db
      .select({ hash: tickets.billHash })
      .from(tickets)
      .where(and(eq(tickets.restaurantId, restaurantId), eq(tickets.billNumber, from.bill.number)));
    if (!bill || bill.hash !== from.bill.hash) return false;
  }
  return true;
}

async function verifyAudit(db: Db, restaurantId: string, from: AuditMark | null) {
  let rows = from?.rows ?? 0;
  let beforeChain = from?.beforeChain ?? 0;
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

  let expected = (from?.seq ?? 0) + 1;
  let prevHash: string | null = from?.hash ?? null;
  let latest = from?.createdAt ?? 0;
  let isChained = prevHash !== null;
  let mark = from;
  for (let after = from?.seq ?? 0; ; ) {
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
      else if (row.createdAt.getTime() < latest - CLOCK_TOLERANCE_MS) fail(seq, row.id, CHAIN_MESSAGES.timeWentBack);
      prevHash = row.hash;
      latest = Math.max(latest, row.createdAt.getTime());
    }
    const last = page.at(-1);
    if (last) mark = { seq: last.seq!, hash: last.hash, rows, beforeChain, createdAt: latest };
    if (page.length < AUDIT_PAGE) break;
    after = last!.seq!;
  }
  if (loose) {
    rows += loose.n;
    fail(null, loose.id, CHAIN_MESSAGES.seqMissing);
  }
  return { rows, beforeChain, broken: broken as BrokenLink | null, mark };
}

async function verifyBills(db: Db, restaurantId: string, from: BillMark | null) {
  let count = from?.count ?? 0;
  let beforeChain = from?.beforeChain ?? 0;
  let broken: BrokenLink | null = null;
  const fail = (billNumber: number, id: string, reason: string) => {
    broken ??= { kind: 'bill', seq: null, billNumber, id, reason };
  };

  let previous: { number: number; hash: string | null } | null = from;
  let isChained = from?.hash != null;
  let mark = from;
  for (let after = from?.number ?? 0; ; ) {
    const page = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.restaurantId, restaurantId), isNotNull(tickets.billNumber), gt(tickets.billNumber, after)))
      .orderBy(asc(tickets.billNumber))
      .limit(BILL_PAGE);
    // a reopened bill (open now) keeps its link; only a closed one is held to its content
    const closed = page.filter((t) => t.status === 'closed' && t.billHash !== null).map((t) => t.id);
    const reopened = await reopenedOf(db, restaurantId, page.filter((t) => t.status !== 'closed' && t.billHash !== null).map((t) => t.id));
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
      else if (bill.status !== 'closed' && (bill.status !== 'open' || !reopened.has(bill.id))) fail(number, bill.id, CHAIN_MESSAGES.billStatusChanged);
    }
    const last = page.at(-1);
    if (last) mark = { number: last.billNumber!, hash: last.billHash, count, beforeChain };
    if (page.length < BILL_PAGE) break;
    after = last!.billNumber!;
  }
  // the counter the next bill number is taken from runs with the bills: a counter moved on (the
  // next bill would be No 4 after No 1) or back (two bills would share a number) was set outside
  const [restaurant] = await db.select({ counter: restaurants.lastBillNumber }).from(restaurants).where(eq(restaurants.id, restaurantId));
  const lastNumber = previous?.number ?? 0;
  if (!broken && restaurant && restaurant.counter !== lastNumber) {
    broken = { kind: 'bill', seq: null, billNumber: lastNumber, id: restaurantId, reason: CHAIN_MESSAGES.billCounterMismatch(restaurant.counter, lastNumber) };
  }
  return { bills: count, beforeChain, broken: broken as BrokenLink | null, mark };
}

/** Which of these sealed bills were reopened by the app: each reopen is an audit row of its own. */
async function reopenedOf(db: Db, restaurantId: string, ticketIds: string[]) {
  if (ticketIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: auditEvents.entityId })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'ticket.reopen'), inArray(auditEvents.entityId, ticketIds)));
  return new Set(rows.map((r) => r.id));
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
