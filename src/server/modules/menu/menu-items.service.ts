import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import { DEFAULT_STATION, type MenuItem } from '../../../shared/menu-contract';
import { isSameName } from '../../../shared/turkish-search';
import { menuCategories, menuItemOptionGroups, menuItems, optionGroups } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertNameFree } from '../../lib/names';
import { getDefaultVatRate } from '../settings';
import { MENU_MESSAGES } from './menu-messages';
import { itemSettings, linkedGroups, presentItem, type ItemRow } from './menu-read.service';

/** The item fields a create or update carries once validated (the shared schemas' output). */
export interface ItemFields {
  categoryId: string;
  name: string;
  description?: string | null;
  priceKurus: number;
  vatRate?: number;
  sortOrder?: number;
  isAvailable?: boolean;
  station?: string;
  optionGroupIds?: string[];
  allowZeroPrice?: boolean;
}

// A forgotten price must not reach the public menu as a free dish: 0 only when the owner said so.
function assertPriceDeliberate(priceKurus: number | undefined, allowZeroPrice: boolean | undefined) {
  if (priceKurus === 0 && !allowZeroPrice) throw new HttpError(400, MENU_MESSAGES.zeroPrice);
}

const auditView = (i: ItemRow, optionGroupIds: string[]) => ({ ...itemSettings(i), photoPath: i.photoPath, optionGroupIds });

/** An item of this restaurant, locked, with its option groups (404 otherwise). */
export async function lockItem(c: CommandContext, itemId: string) {
  const row = await c.lockOwned(menuItems, itemId, MENU_MESSAGES.itemNotFound);
  return { row, groupIds: (await linkedGroups(c.tx, [row.id])).get(row.id) ?? [] };
}

/** A category named in a request body must be this restaurant's; otherwise nothing changes. */
async function assertCategory(c: CommandContext, categoryId: string) {
  const [row] = isUuid(categoryId)
    ? await c.tx
        .select({ id: menuCategories.id })
        .from(menuCategories)
        .where(and(eq(menuCategories.id, categoryId), eq(menuCategories.restaurantId, c.restaurantId)))
    : [];
  if (!row) throw new HttpError(400, MENU_MESSAGES.categoryNotFound);
}

async function assertOptionGroups(c: CommandContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  if (!unique.every(isUuid)) throw new HttpError(400, MENU_MESSAGES.optionGroupNotFound);
  const rows = await c.tx
    .select({ id: optionGroups.id })
    .from(optionGroups)
    .where(and(eq(optionGroups.restaurantId, c.restaurantId), inArray(optionGroups.id, unique)));
  if (rows.length !== unique.length) throw new HttpError(400, MENU_MESSAGES.optionGroupNotFound);
  return unique;
}

const assertItemNameFree = (c: CommandContext, categoryId: string, name: string, exceptId?: string) =>
  assertNameFree(c, menuItems, name, MENU_MESSAGES.itemNameTaken, { where: eq(menuItems.categoryId, categoryId), exceptId });

/** Replaces an item's option group links, kept in the order given. */
export async function linkGroups(c: CommandContext, itemId: string, groupIds: string[]) {
  await c.tx.delete(menuItemOptionGroups).where(eq(menuItemOptionGroups.itemId, itemId));
  if (groupIds.length) {
    await c.tx.insert(menuItemOptionGroups).values(groupIds.map((groupId, sortOrder) => ({ itemId, groupId, sortOrder })));
  }
}

async function insertItem(c: CommandContext, input: ItemFields, photoPath: string | null = null) {
  await assertCategory(c, input.categoryId);
  await assertItemNameFree(c, input.categoryId, input.name);
  const groupIds = await assertOptionGroups(c, input.optionGroupIds ?? []);
  const [row] = await c.tx
    .insert(menuItems)
    .values({
      restaurantId: c.restaurantId,
      categoryId: input.categoryId,
      name: input.name,
      description: input.description ?? null,
      priceKurus: input.priceKurus,
      // A new item without a rate takes the owner's default (Ayarlar → Varsayılan KDV).
      vatRate: input.vatRate ?? (await getDefaultVatRate(c.tx, c.restaurantId)),
      sortOrder: input.sortOrder ?? (await c.nextSortOrder(menuItems, eq(menuItems.categoryId, input.categoryId))),
      isAvailable: input.isAvailable ?? true,
      station: input.station ?? DEFAULT_STATION,
      photoPath,
    })
    .returning();
  await linkGroups(c, row.id, groupIds);
  c.emit('menu', row.id);
  return { row, groupIds };
}

export async function createItem(c: CommandContext, input: ItemFields): Promise<MenuItem> {
  assertPriceDeliberate(input.priceKurus, input.allowZeroPrice);
  const { row, groupIds } = await insertItem(c, input);
  await c.audit({ action: 'menu.item.create', entity: 'menu_item', entityId: row.id, after: auditView(row, groupIds) });
  return presentItem(row, groupIds);
}

export async function updateItem(c: CommandContext, input: Partial<ItemFields> & { itemId: string; version: number }): Promise<MenuItem> {
  const { itemId, version, optionGroupIds, allowZeroPrice, ...fields } = input;
  const { row: before, groupIds: beforeGroups } = await lockItem(c, itemId);
  c.assertVersion(before, version);
  // An item already at 0 keeps its price through other edits; only a change to 0 is asked about.
  if (fields.priceKurus !== before.priceKurus) assertPriceDeliberate(fields.priceKurus, allowZeroPrice);
  const categoryId = fields.categoryId ?? before.categoryId;
  if (categoryId !== before.categoryId) await assertCategory(c, categoryId);
  if (fields.name !== undefined || categoryId !== before.categoryId) {
    await assertItemNameFree(c, categoryId, fields.name ?? before.name, before.id);
  }
  const groupIds = optionGroupIds ? await assertOptionGroups(c, optionGroupIds) : beforeGroups;
  const [row] = await c.tx
    .update(menuItems)
    .set({ ...fields, version: before.version + 1 })
    .where(eq(menuItems.id, before.id))
    .returning();
  if (optionGroupIds) await linkGroups(c, row.id, groupIds);
  await c.audit({ action: 'menu.item.update', entity: 'menu_item', entityId: row.id, before: auditView(before, beforeGroups), after: auditView(row, groupIds) });
  c.emit('menu', row.id);
  return presentItem(row, groupIds);
}

/** Deletes an item; answers the photo file the caller removes once the deletion committed. */
export async function deleteItem(c: CommandContext, input: { itemId: string }): Promise<{ previousPhoto: string | null }> {
  const { row, groupIds } = await lockItem(c, input.itemId);
  await c.tx.delete(menuItems).where(eq(menuItems.id, row.id));
  await c.audit({ action: 'menu.item.delete', entity: 'menu_item', entityId: row.id, before: auditView(row, groupIds) });
  c.emit('menu', row.id);
  return { previousPhoto: row.photoPath };
}

/** "Adana Kebap" → "Adana Kebap (kopya)", "(kopya 2)", ... whichever is free in the category. */
export function copyName(name: string, taken: string[]): string {
  const base = name.replace(/ \(kopya(?: \d+)?\)$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base} (kopya)` : `${base} (kopya ${n})`;
    if (!taken.some((t) => isSameName(t, candidate))) return candidate;
  }
}

/**
 * A copy right after the original, with `photoPath` as its photo (the caller copied the file
 * first, see withNewPhoto); option groups are shared.
 */
export async function duplicateItem(c: CommandContext, input: { itemId: string; photoPath: string | null }): Promise<MenuItem> {
  const { row: original, groupIds: groups } = await lockItem(c, input.itemId);
  const siblings = await c.tx.select({ name: menuItems.name }).from(menuItems).where(eq(menuItems.categoryId, original.categoryId));
  const { row, groupIds } = await insertItem(
    c,
    {
      categoryId: original.categoryId,
      name: copyName(
        original.name,
        siblings.map((s) => s.name),
      ),
      description: original.description,
      priceKurus: original.priceKurus,
      vatRate: original.vatRate,
      isAvailable: original.isAvailable,
      station: original.station,
      optionGroupIds: groups,
    },
    input.photoPath,
  );
  await c.audit({ action: 'menu.item.duplicate', entity: 'menu_item', entityId: row.id, after: auditView(row, groupIds), reason: `kopyalanan: ${original.id}` });
  return presentItem(row, groupIds);
}

/**
 * Points an item at a new photo file (or none). A photo is not content the version guards:
 * setting it does not refuse an open edit form. Answers the replaced file for removal.
 */
export async function setItemPhoto(c: CommandContext, input: { itemId: string; photoPath: string | null }) {
  const { row: before, groupIds } = await lockItem(c, input.itemId);
  const [row] = await c.tx.update(menuItems).set({ photoPath: input.photoPath }).where(eq(menuItems.id, before.id)).returning();
  await c.audit({
    action: input.photoPath ? 'menu.item.photo.set' : 'menu.item.photo.remove',
    entity: 'menu_item',
    entityId: row.id,
    before: { photoPath: before.photoPath },
    after: { photoPath: input.photoPath },
  });
  c.emit('menu', row.id);
  return { item: presentItem(row, groupIds), previousPhoto: before.photoPath };
}
