import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { RECIPE_DIMENSIONS } from './recipe-figures';
import { applyFigures, billFigures, FigureSet, loadBills, recordBills, recordRefundFigures, rowsOf, type FigureRow } from './sales-figures';

/*
 * The figures of what was closed before they were kept (migrations 0013 and 0016), counted once at
 * start-up; the figures a close, a reopen or a refund keeps are sales-figures.ts's.
 */

/**
 * One-time step at start-up (and for bulk-loaded data): counts closed bills and refunds that have no
 * figures yet — bills closed before migration 0013 — in batches of `batch` bills. Idempotent and safe
 * beside the commands (restaurant lock), so the server runs it in the background. Returns how many.
 * A year of a busy restaurant (122,000 bills) takes a few minutes on two cores (bench/RESULTS.md).
 */
export async function backfillSalesFigures(db: Db, { batch = 2000 } = {}): Promise<number> {
  let done = 0;
  for (;;) {
    const missing = rowsOf<{ id: string; restaurant_id: string }>(
      await db.execute(
        sql`select t.id, t.restaurant_id from tickets t
            where t.status = 'closed' and not exists (select 1 from sales_bills s where s.ticket_id = t.id)
            order by t.restaurant_id limit ${batch}`,
      ),
    );
    if (missing.length === 0) break;
    const byRestaurant = new Map<string, string[]>();
    for (const m of missing) byRestaurant.set(m.restaurant_id, [...(byRestaurant.get(m.restaurant_id) ?? []), m.id]);
    // one transaction per batch: the marks and the sums go in together or not at all, under the
    // restaurant lock the commands take — so a close or reopen running meanwhile (the server already
    // answers) waits, and a bill reopened before the batch got the lock is seen open and skipped
    for (const [rid, ids] of byRestaurant) {
      done += await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from restaurants where id = ${rid} for update`);
        return recordBills(tx, rid, ids);
      });
    }
  }
  done += await backfillRecipeFigures(db, batch);
  const refundsMissing = rowsOf<{ id: string; restaurant_id: string }>(
    await db.execute(sql`select r.id, r.restaurant_id from refunds r where not exists (select 1 from sales_refunds s where s.refund_id = r.id)`),
  );
  for (const r of refundsMissing) await recordRefundFigures({ tx: db, restaurantId: r.restaurant_id }, r.id);
  return done + refundsMissing.length;
}

/**
 * Bills counted before migration 0016 get Reçete Raporu's figures as their close would have made
 * them (a line's use is fixed once sent), added to the sums and to the figures stored with the bill,
 * so a reopen takes them off too. Per batch under the restaurant lock, like the sales backfill.
 */
async function backfillRecipeFigures(db: Db, batch: number): Promise<number> {
  let done = 0;
  for (;;) {
    const missing = rowsOf<{ ticket_id: string; restaurant_id: string }>(
      await db.execute(sql`select ticket_id, restaurant_id from sales_bills where not has_recipe_figures order by restaurant_id limit ${batch}`),
    );
    if (missing.length === 0) return done;
    const byRestaurant = new Map<string, string[]>();
    for (const m of missing) byRestaurant.set(m.restaurant_id, [...(byRestaurant.get(m.restaurant_id) ?? []), m.ticket_id]);
    for (const [rid, ids] of byRestaurant) {
      done += await db.transaction(async (t) => {
        const tx: Db = t;
        await tx.execute(sql`select 1 from restaurants where id = ${rid} for update`);
        // under the lock: a bill reopened meanwhile has no row any more and is left alone
        const still = new Set(
          rowsOf<{ ticket_id: string }>(
            await tx.execute(sql`select ticket_id from sales_bills where ticket_id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(', ')})`)} and not has_recipe_figures`),
          ).map((r) => r.ticket_id),
        );
        const all = new FigureSet();
        const marks: { ticket_id: string; figures: FigureRow[] }[] = [];
        for (const b of await loadBills(tx, rid, [...still])) {
          const rows = billFigures(b).list().filter((r) => (RECIPE_DIMENSIONS as readonly string[]).includes(r.dim));
          marks.push({ ticket_id: b.ticket.id, figures: rows });
          for (const r of rows) all.add(r.dim, r.day, r.key, r.values, r.label, r.extra);
        }
        await tx.execute(
          sql`update sales_bills s set figures = s.figures || x.figures, has_recipe_figures = true
              from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as x(ticket_id uuid, figures jsonb) where s.ticket_id = x.ticket_id`,
        );
        await applyFigures(tx, rid, all.list(), 1);
        return marks.length;
      });
    }
    // whatever could not be counted (gone meanwhile) is not asked again
    await db.execute(sql`update sales_bills set has_recipe_figures = true where ticket_id in ${sql.raw(`(${missing.map((m) => `'${m.ticket_id}'`).join(', ')})`)}`);
  }
}
