import { eq } from 'drizzle-orm';
import type { AdminMenu, ImportReport } from '../../../shared/menu-contract';
import { CsvFileError, exportMenuCsv, planMenuImport, type ImportPlan } from '../../../shared/menu-csv';
import type { Db } from '../../db/client';
import { menuCategories, menuItems } from '../../db/schema';
import { HttpError } from '../../errors';
import type { AuditEntry, CommandContext } from '../../lib/command';
import { MENU_MESSAGES } from './menu-messages';
import { linkGroups } from './menu-items.service';
import { getAdminMenu } from './menu-read.service';

export async function exportMenu(db: Db, restaurantId: string): Promise<string> {
  return exportMenuCsv(await getAdminMenu(db, restaurantId));
}

/** The dishes a plan makes 0,00 TL: new ones at 0, and existing ones whose price changes to 0. */
function zeroPricedNames(plan: ImportPlan, current: AdminMenu): string[] {
  const priceOf = new Map(current.items.map((i) => [i.id, i.priceKurus]));
  return plan.rows
    .filter((r) => !r.isUnchanged && r.fields.priceKurus === 0 && (!r.itemId || priceOf.get(r.itemId) !== 0))
    .map((r) => r.fields.name);
}

function reportOf(plan: ImportPlan, current: AdminMenu, dryRun: boolean, applied: boolean): ImportReport {
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
    zeroPriceItems: zeroPricedNames(plan, current),
  };
}

export class ImportRefused extends HttpError {
  constructor(
    readonly report: ImportReport,
    message = MENU_MESSAGES.importHasErrors(new Set(report.errors.map((e) => e.line)).size, `satır ${report.errors[0]?.line}: ${report.errors[0]?.message}`),
  ) {
    super(400, message);
  }
}

function planImport(csv: string, current: AdminMenu): ImportPlan {
  try {
    return planMenuImport(csv, current);
  } catch (err) {
    if (err instanceof CsvFileError) throw new HttpError(400, err.message);
    throw err;
  }
}

/** What an import would do, without writing anything (the preview). */
export async function previewImport(db: Db, restaurantId: string, csv: string): Promise<ImportReport> {
  const current = await getAdminMenu(db, restaurantId);
  return reportOf(planImport(csv, current), current, true, false);
}

/**
 * Imports a CSV all or nothing: the plan is made inside the command from the menu as it is now
 * (the restaurant's lock keeps a second import from planning against the same menu), and any bad
 * row means nothing is written.
 */
export async function importMenu(c: CommandContext, input: { csv: string; allowZeroPrice?: boolean }): Promise<ImportReport> {
  const current = await getAdminMenu(c.tx, c.restaurantId);
  const plan = planImport(input.csv, current);
  if (plan.errors.length) throw new ImportRefused(reportOf(plan, current, true, false));
  // An empty or mistyped price cell would otherwise put dishes onto the public menu as free.
  const zeroed = zeroPricedNames(plan, current);
  if (zeroed.length && !input.allowZeroPrice) throw new ImportRefused(reportOf(plan, current, true, false), MENU_MESSAGES.zeroPrices(zeroed));

  const categoryIds = new Map<string, string>();
  const nextCategory = await c.nextSortOrder(menuCategories);
  const audit: AuditEntry[] = [];
  for (const [i, cat] of plan.newCategories.entries()) {
    const [row] = await c.tx
      .insert(menuCategories)
      .values({ restaurantId: c.restaurantId, icon: cat.icon, name: cat.name, sortOrder: nextCategory + i })
      .returning();
    categoryIds.set(cat.name, row.id);
    audit.push({ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, after: { icon: cat.icon, name: cat.name }, reason: 'CSV içe aktarma' });
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
      await c.tx.update(menuItems).set({ ...values, version: before.version + 1 }).where(eq(menuItems.id, itemId));
    } else {
      const [created] = await c.tx.insert(menuItems).values({ restaurantId: c.restaurantId, ...values }).returning({ id: menuItems.id });
      itemId = created.id;
    }
    await linkGroups(c, itemId, row.fields.optionGroupIds);
    audit.push({
      action: before ? 'menu.item.update' : 'menu.item.create',
      entity: 'menu_item',
      entityId: itemId,
      before: before ? { ...before, id: undefined, version: undefined, photoUrl: undefined } : null,
      after: { ...values, optionGroupIds: row.fields.optionGroupIds },
      reason: `CSV içe aktarma, satır ${row.line}`,
    });
  }
  await c.audit(audit);
  c.emit('menu');
  return reportOf(plan, current, false, true);
}
