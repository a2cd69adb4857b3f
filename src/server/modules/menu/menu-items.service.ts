import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import { DEFAULT_STATION, DEFAULT_VAT_RATE, type MenuItem } from '../../../shared/menu-contract';
import { isSameName } from '../../../shared/turkish-search';
import type { Db } from '../../db/client';
import { menuCategories, menuItemOptionGroups, menuItems, optionGroups } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { auditMenu, inTransaction } from './menu-audit';
import { MENU_MESSAGES } from './menu-messages';
import { checkVersion, linkedGroups, lockItem, presentItem, type ItemRow } from './menu-read.service';
import type { PhotoKind, PhotoStore } from './photo-store';

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
}

const auditView = (i: ItemRow, optionGroupIds: string[]) => ({
  categoryId: i.categoryId,
  name: i.name,
  description: i.description,
  priceKurus: i.priceKurus,
  vatRate: i.vatRate,
  sortOrder: i.sortOrder,
  isAvailable: i.isAvailable,
  station: i.station,
  photoPath: i.photoPath,
  optionGroupIds,
});

/** A category named in a request body must be this restaurant's; otherwise nothing changes. */
async function assertCategory(tx: Db, restaurantId: string, categoryId: string) {
  const [row] = isUuid(categoryId)
    ? await tx
        .select({ id: menuCategories.id })
        .from(menuCategories)
        .where(and(eq(menuCategories.id, categoryId), eq(menuCategories.restaurantId, restaurantId)))
    : [];
  if (!row) throw new HttpError(400, MENU_MESSAGES.categoryNotFound);
}

async function assertOptionGroups(tx: Db, restaurantId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  if (!unique.every(isUuid)) throw new HttpError(400, MENU_MESSAGES.optionGroupNotFound);
  const rows = await tx
    .select({ id: optionGroups.id })
    .from(optionGroups)
    .where(and(eq(optionGroups.restaurantId, restaurantId), inArray(optionGroups.id, unique)));
  if (rows.length !== unique.length) throw new HttpError(400, MENU_MESSAGES.optionGroupNotFound);
  return unique;
}

async function assertNameFree(tx: Db, categoryId: string, name: string, exceptId?: string) {
  const rows = await tx
    .select({ name: menuItems.name })
    .from(menuItems)
    .where(and(eq(menuItems.categoryId, categoryId), exceptId ? ne(menuItems.id, exceptId) : undefined));
  if (rows.some((r) => isSameName(r.name, name))) throw new HttpError(409, MENU_MESSAGES.itemNameTaken);
}

async function nextSortOrder(tx: Db, categoryId: string): Promise<number> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${menuItems.sortOrder}) + 1, 0)::int` })
    .from(menuItems)
    .where(eq(menuItems.categoryId, categoryId));
  return next;
}

async function linkGroups(tx: Db, itemId: string, groupIds: string[]) {
  await tx.delete(menuItemOptionGroups).where(eq(menuItemOptionGroups.itemId, itemId));
  if (groupIds.length) {
    await tx.insert(menuItemOptionGroups).values(groupIds.map((groupId, sortOrder) => ({ itemId, groupId, sortOrder })));
  }
}

async function insertItem(tx: Db, actor: Actor, input: ItemFields, photoPath: string | null = null) {
  await assertCategory(tx, actor.restaurantId, input.categoryId);
  await assertNameFree(tx, input.categoryId, input.name);
  const groupIds = await assertOptionGroups(tx, actor.restaurantId, input.optionGroupIds ?? []);
  const [row] = await tx
    .insert(menuItems)
    .values({
      restaurantId: actor.restaurantId,
      categoryId: input.categoryId,
      name: input.name,
      description: input.description ?? null,
      priceKurus: input.priceKurus,
      vatRate: input.vatRate ?? DEFAULT_VAT_RATE,
      sortOrder: input.sortOrder ?? (await nextSortOrder(tx, input.categoryId)),
      isAvailable: input.isAvailable ?? true,
      station: input.station ?? DEFAULT_STATION,
      photoPath,
    })
    .returning();
  await linkGroups(tx, row.id, groupIds);
  return { row, groupIds };
}

export async function createItem(db: Db, actor: Actor, input: ItemFields): Promise<MenuItem> {
  return inTransaction(db, async (tx) => {
    const { row, groupIds } = await insertItem(tx, actor, input);
    await auditMenu(tx, actor, [{ action: 'menu.item.create', entity: 'menu_item', entityId: row.id, before: null, after: auditView(row, groupIds) }]);
    return presentItem(row, groupIds);
  });
}

export async function updateItem(
  db: Db,
  actor: Actor,
  itemId: string,
  input: Partial<ItemFields> & { version: number },
): Promise<MenuItem> {
  return inTransaction(db, async (tx) => {
    const before = await lockItem(tx, actor.restaurantId, itemId);
    checkVersion(before, input.version);
    const beforeGroups = (await linkedGroups(tx, [itemId])).get(itemId) ?? [];
    const categoryId = input.categoryId ?? before.categoryId;
    if (input.categoryId !== undefined && input.categoryId !== before.categoryId) await assertCategory(tx, actor.restaurantId, categoryId);
    if (input.name !== undefined || categoryId !== before.categoryId) {
      await assertNameFree(tx, categoryId, input.name ?? before.name, itemId);
    }
    const groupIds = input.optionGroupIds ? await assertOptionGroups(tx, actor.restaurantId, input.optionGroupIds) : beforeGroups;
    const { version: _version, optionGroupIds: _groups, ...fields } = input;
    const [row] = await tx
      .update(menuItems)
      .set({ ...fields, version: before.version + 1 })
      .where(eq(menuItems.id, itemId))
      .returning();
    if (input.optionGroupIds) await linkGroups(tx, itemId, groupIds);
    await auditMenu(tx, actor, [
      { action: 'menu.item.update', entity: 'menu_item', entityId: itemId, before: auditView(before, beforeGroups), after: auditView(row, groupIds) },
    ]);
    return presentItem(row, groupIds);
  });
}

export async function deleteItem(db: Db, actor: Actor, itemId: string, photos: PhotoStore): Promise<void> {
  const before = await inTransaction(db, async (tx) => {
    const row = await lockItem(tx, actor.restaurantId, itemId);
    const groups = (await linkedGroups(tx, [itemId])).get(itemId) ?? [];
    await tx.delete(menuItems).where(eq(menuItems.id, itemId));
    await auditMenu(tx, actor, [{ action: 'menu.item.delete', entity: 'menu_item', entityId: itemId, before: auditView(row, groups), after: null }]);
    return row;
  });
  await photos.remove(before.photoPath);
}

/** "Adana Kebap" → "Adana Kebap (kopya)", "(kopya 2)", ... whichever is free in the category. */
export function copyName(name: string, taken: string[]): string {
  const base = name.replace(/ \(kopya(?: \d+)?\)$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base} (kopya)` : `${base} (kopya ${n})`;
    if (!taken.some((t) => isSameName(t, candidate))) return candidate;
  }
}

/** A copy right after the original, with its own copy of the photo; option groups are shared. */
export async function duplicateItem(db: Db, actor: Actor, itemId: string, photos: PhotoStore): Promise<MenuItem> {
  const photoCopy = await (async () => {
    const [row] = isUuid(itemId)
      ? await db.select({ photoPath: menuItems.photoPath }).from(menuItems).where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, actor.restaurantId)))
      : [];
    return row?.photoPath ? photos.copy(row.photoPath).catch(() => null) : null;
  })();
  try {
    return await inTransaction(db, async (tx) => {
      const original = await lockItem(tx, actor.restaurantId, itemId);
      const groups = (await linkedGroups(tx, [itemId])).get(itemId) ?? [];
      const siblings = await tx.select({ name: menuItems.name }).from(menuItems).where(eq(menuItems.categoryId, original.categoryId));
      const { row, groupIds } = await insertItem(
        tx,
        actor,
        {
          categoryId: original.categoryId,
          name: copyName(
            original.name,
            siblings.map((s) => s.name),
          ),
          description: original.description,
          priceKurus: original.priceKurus,
          vatRate: original.vatRate,
          sortOrder: await nextSortOrder(tx, original.categoryId),
          isAvailable: original.isAvailable,
          station: original.station,
          optionGroupIds: groups,
        },
        photoCopy,
      );
      await auditMenu(tx, actor, [
        { action: 'menu.item.duplicate', entity: 'menu_item', entityId: row.id, before: null, after: auditView(row, groupIds), reason: `kopyalanan: ${original.id}` },
      ]);
      return presentItem(row, groupIds);
    });
  } catch (err) {
    await photos.remove(photoCopy);
    throw err;
  }
}

/**
 * Replaces (or with `photo` null removes) an item's photo. The file is written before the
 * transaction and removed again if it fails; the old file goes only after the change committed.
 * A photo is not content the version guards: setting it does not refuse an open edit form.
 */
export async function setItemPhoto(
  db: Db,
  actor: Actor,
  itemId: string,
  photos: PhotoStore,
  photo: { bytes: Buffer; kind: PhotoKind } | null,
): Promise<MenuItem> {
  const saved = photo ? await photos.save(photo.bytes, photo.kind) : null;
  try {
    const { item, previous } = await inTransaction(db, async (tx) => {
      const before = await lockItem(tx, actor.restaurantId, itemId);
      const groups = (await linkedGroups(tx, [itemId])).get(itemId) ?? [];
      const [row] = await tx.update(menuItems).set({ photoPath: saved }).where(eq(menuItems.id, itemId)).returning();
      await auditMenu(tx, actor, [
        {
          action: saved ? 'menu.item.photo.set' : 'menu.item.photo.remove',
          entity: 'menu_item',
          entityId: itemId,
          before: { photoPath: before.photoPath },
          after: { photoPath: saved },
        },
      ]);
      return { item: presentItem(row, groups), previous: before.photoPath };
    });
    if (previous !== saved) await photos.remove(previous);
    return item;
  } catch (err) {
    await photos.remove(saved);
    throw err;
  }
}
