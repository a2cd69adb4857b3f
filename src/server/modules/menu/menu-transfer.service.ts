import { eq, sql } from 'drizzle-orm';
import type { ImportReport } from '../../../shared/menu-contract';
import { CsvFileError, exportMenuCsv, planMenuImport, type ImportPlan } from '../../../shared/menu-csv';
import type { Db } from '../../db/client';
import { menuCategories, menuItemOptionGroups, menuItems } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { auditMenu, inTransaction, type MenuAuditEntry } from './menu-audit';
import { MENU_MESSAGES } from './menu-messages';
import { getAdminMenu } from './menu-read.service';

export async function exportMenu(db: Db, restaurantId: string): Promise<string> {
  return exportMenuCsv(await getAdminMenu(db, restaurantId));
}

function reportOf(plan: ImportPlan, dryRun: boolean, applied: boolean): ImportReport {
  const rows = plan.rows;
  return {
    dryRun,
    applied,
    rowCount: rows.length + new Set(plan.errors.map((e) => e.line)).size,
    created: rows.filter((r) => !r.itemId).length,
    updated: rows.filter((r) => r.itemId && !r.isUnchanged).length,
    unchanged: rows.filter((r) => r.isUnchanged).length,
    newCategories: plan.newCategories.map((c) => c.name),
    errors: plan.errors,
  };
}

export class ImportRefused extends HttpError {
  constructor(readonly report: ImportReport) {
    const first = report.errors[0];
    super(400, MENU_MESSAGES.importHasErrors(new Set(report.errors.map((e) => e.line)).size, `satır ${first.line}: ${first.message}`));
  }
}

/**
 * Imports a CSV all or nothing: the plan is made inside the transaction from the menu as it is
 * now, and any bad row means nothing is written. A dry run makes the same plan and writes nothing.
 */
export async function importMenu(db: Db, actor: Actor, csv: string, dryRun: boolean): Promise<ImportReport> {
  return inTransaction(db, async (tx) => {
    // One import at a time per restaurant: two would plan against the same menu and both create.
    if (!dryRun) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menu-import:${actor.restaurantId}`}))`);
    const current = await getAdminMenu(tx, actor.restaurantId);
    let plan: ImportPlan;
    try {
      plan = planMenuImport(csv, current);
    } catch (err) {
      if (err instanceof CsvFileError) throw new HttpError(400, err.message);
      throw err;
    }
    if (dryRun) return reportOf(plan, true, false);
    if (plan.errors.length) throw new ImportRefused(reportOf(plan, true, false));

    const categoryIds = new Map<string, string>();
    const [{ nextCategory }] = await tx
      .select({ nextCategory: sql<number>`coalesce(max(${menuCategories.sortOrder}) + 1, 0)::int` })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, actor.restaurantId));
    const audit: MenuAuditEntry[] = [];
    for (const [i, c] of plan.newCategories.entries()) {
      const [row] = await tx
        .insert(menuCategories)
        .values({ restaurantId: actor.restaurantId, icon: c.icon, name: c.name, sortOrder: nextCategory + i })
        .returning();
      categoryIds.set(c.name, row.id);
      audit.push({ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, before: null, after: { icon: c.icon, name: c.name }, reason: 'CSV içe aktarma' });
    }

    const nextSort = new Map<string, number>();
    for (const item of current.items) nextSort.set(item.categoryId, Math.max(nextSort.get(item.categoryId) ?? 0, item.sortOrder + 1));
    const itemsById = new Map(current.items.map((i) => [i.id, i]));

    for (const row of plan.rows) {
      if (row.isUnchanged) continue;
      const categoryId = 'id' in row.category ? row.category.id : categoryIds.get(row.category.newName)!;
      const before = row.itemId ? itemsById.get(row.itemId)! : null;
      let sortOrder = row.fields.sortOrder;
      if (sortOrder === null) {
        sortOrder = before && before.categoryId === categoryId ? before.sortOrder : (nextSort.get(categoryId) ?? 0);
      }
      nextSort.set(categoryId, Math.max(nextSort.get(categoryId) ?? 0, sortOrder + 1));
      const values = {
        categoryId,
        name: row.fields.name,
        description: row.fields.description,
        priceKurus: row.fields.priceKurus,
        vatRate: row.fields.vatRate,
        sortOrder,
        isAvailable: row.fields.isAvailable,
        station: row.fields.station,
      };
      let itemId: string;
      if (before) {
        itemId = before.id;
        await tx.update(menuItems).set({ ...values, version: before.version + 1 }).where(eq(menuItems.id, itemId));
        await tx.delete(menuItemOptionGroups).where(eq(menuItemOptionGroups.itemId, itemId));
      } else {
        const [created] = await tx.insert(menuItems).values({ restaurantId: actor.restaurantId, ...values }).returning({ id: menuItems.id });
        itemId = created.id;
      }
      if (row.fields.optionGroupIds.length) {
        await tx.insert(menuItemOptionGroups).values(row.fields.optionGroupIds.map((groupId, i) => ({ itemId, groupId, sortOrder: i })));
      }
      const after = { ...values, optionGroupIds: row.fields.optionGroupIds };
      audit.push({
        action: before ? 'menu.item.update' : 'menu.item.create',
        entity: 'menu_item',
        entityId: itemId,
        before: before ? { ...before, id: undefined, version: undefined, photoUrl: undefined } : null,
        after,
        reason: `CSV içe aktarma, satır ${row.line}`,
      });
    }
    await auditMenu(tx, actor, audit);
    return reportOf(plan, false, true);
  });
}
