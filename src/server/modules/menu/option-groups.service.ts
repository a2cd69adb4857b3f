import { and, eq, ne, sql } from 'drizzle-orm';
import type { OptionGroup } from '../../../shared/menu-contract';
import { isSameName } from '../../../shared/turkish-search';
import type { Db } from '../../db/client';
import { menuItemOptionGroups, optionGroups, options } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { auditMenu, inTransaction } from './menu-audit';
import { MENU_MESSAGES } from './menu-messages';
import { checkVersion, listOptionGroups, lockOptionGroup } from './menu-read.service';

/** A group as validated by the shared schema (choice rules already hold). */
export interface OptionGroupFields {
  name: string;
  isMultiple: boolean;
  isRequired: boolean;
  minChoices: number;
  maxChoices: number;
  options: { id?: string; name: string; priceKurus: number }[];
}

const auditView = (g: OptionGroup) => ({
  name: g.name,
  isMultiple: g.isMultiple,
  isRequired: g.isRequired,
  minChoices: g.minChoices,
  maxChoices: g.maxChoices,
  options: g.options.map((o) => ({ name: o.name, priceKurus: o.priceKurus })),
});

async function assertNameFree(tx: Db, restaurantId: string, name: string, exceptId?: string) {
  const rows = await tx
    .select({ name: optionGroups.name })
    .from(optionGroups)
    .where(and(eq(optionGroups.restaurantId, restaurantId), exceptId ? ne(optionGroups.id, exceptId) : undefined));
  if (rows.some((r) => isSameName(r.name, name))) throw new HttpError(409, MENU_MESSAGES.optionGroupNameTaken);
}

async function readGroup(tx: Db, restaurantId: string, groupId: string): Promise<OptionGroup> {
  const [group] = await listOptionGroups(tx, restaurantId, [groupId]);
  return group;
}

const groupColumns = (input: OptionGroupFields) => ({
  name: input.name,
  isMultiple: input.isMultiple,
  isRequired: input.isRequired,
  minChoices: input.minChoices,
  maxChoices: input.maxChoices,
});

export async function createOptionGroup(db: Db, actor: Actor, input: OptionGroupFields): Promise<OptionGroup> {
  return inTransaction(db, async (tx) => {
    await assertNameFree(tx, actor.restaurantId, input.name);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${optionGroups.sortOrder}) + 1, 0)::int` })
      .from(optionGroups)
      .where(eq(optionGroups.restaurantId, actor.restaurantId));
    const [row] = await tx
      .insert(optionGroups)
      .values({ restaurantId: actor.restaurantId, ...groupColumns(input), sortOrder: next })
      .returning();
    await tx.insert(options).values(input.options.map((o, i) => ({ groupId: row.id, name: o.name, priceKurus: o.priceKurus, sortOrder: i })));
    const group = await readGroup(tx, actor.restaurantId, row.id);
    await auditMenu(tx, actor, [{ action: 'menu.option-group.create', entity: 'option_group', entityId: row.id, before: null, after: auditView(group) }]);
    return group;
  });
}

/**
 * Replaces a group and its option list. Options sent with their id keep it (so a later order line
 * that names the option still finds it); options left out are removed.
 */
export async function replaceOptionGroup(
  db: Db,
  actor: Actor,
  groupId: string,
  input: OptionGroupFields & { version: number },
): Promise<OptionGroup> {
  return inTransaction(db, async (tx) => {
    const row = await lockOptionGroup(tx, actor.restaurantId, groupId);
    checkVersion(row, input.version);
    const before = await readGroup(tx, actor.restaurantId, groupId);
    await assertNameFree(tx, actor.restaurantId, input.name, groupId);
    const current = new Set(before.options.map((o) => o.id));
    if (input.options.some((o) => o.id !== undefined && !current.has(o.id))) throw new HttpError(400, MENU_MESSAGES.unknownOption);

    await tx.update(optionGroups).set({ ...groupColumns(input), version: row.version + 1 }).where(eq(optionGroups.id, groupId));
    const kept = new Set(input.options.flatMap((o) => (o.id ? [o.id] : [])));
    for (const old of before.options) if (!kept.has(old.id)) await tx.delete(options).where(eq(options.id, old.id));
    for (const [sortOrder, o] of input.options.entries()) {
      if (o.id) await tx.update(options).set({ name: o.name, priceKurus: o.priceKurus, sortOrder }).where(eq(options.id, o.id));
      else await tx.insert(options).values({ groupId, name: o.name, priceKurus: o.priceKurus, sortOrder });
    }
    const after = await readGroup(tx, actor.restaurantId, groupId);
    await auditMenu(tx, actor, [{ action: 'menu.option-group.update', entity: 'option_group', entityId: groupId, before: auditView(before), after: auditView(after) }]);
    return after;
  });
}

/** Deleting a group detaches it from every item that used it; the items stay. */
export async function deleteOptionGroup(db: Db, actor: Actor, groupId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockOptionGroup(tx, actor.restaurantId, groupId);
    const before = await readGroup(tx, actor.restaurantId, groupId);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(menuItemOptionGroups)
      .where(eq(menuItemOptionGroups.groupId, groupId));
    await tx.delete(optionGroups).where(eq(optionGroups.id, groupId));
    await auditMenu(tx, actor, [
      { action: 'menu.option-group.delete', entity: 'option_group', entityId: groupId, before: auditView(before), after: null, reason: `${count} üründen kaldırıldı` },
    ]);
  });
}
