import { eq, sql } from 'drizzle-orm';
import type { OptionGroup } from '../../../shared/menu-contract';
import { menuItemOptionGroups, optionGroups, options } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertNameFree } from '../../lib/names';
import { MENU_MESSAGES } from './menu-messages';
import { listOptionGroups } from './menu-read.service';

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

const assertGroupNameFree = (c: CommandContext, name: string, exceptId?: string) =>
  assertNameFree(c, optionGroups, name, MENU_MESSAGES.optionGroupNameTaken, { exceptId });

async function readGroup(c: CommandContext, groupId: string): Promise<OptionGroup> {
  const [group] = await listOptionGroups(c.tx, c.restaurantId, [groupId]);
  return group;
}

/** This restaurant's group, locked, as the API shows it (404 otherwise). */
async function lockGroup(c: CommandContext, groupId: string) {
  const row = await c.lockOwned(optionGroups, groupId, MENU_MESSAGES.optionGroupNotFound);
  return { row, group: await readGroup(c, row.id) };
}

const groupColumns = (input: OptionGroupFields) => ({
  name: input.name,
  isMultiple: input.isMultiple,
  isRequired: input.isRequired,
  minChoices: input.minChoices,
  maxChoices: input.maxChoices,
});

export async function createOptionGroup(c: CommandContext, input: OptionGroupFields): Promise<OptionGroup> {
  await assertGroupNameFree(c, input.name);
  const [row] = await c.tx
    .insert(optionGroups)
    .values({ restaurantId: c.restaurantId, ...groupColumns(input), sortOrder: await c.nextSortOrder(optionGroups) })
    .returning();
  await c.tx.insert(options).values(input.options.map((o, i) => ({ groupId: row.id, name: o.name, priceKurus: o.priceKurus, sortOrder: i })));
  const group = await readGroup(c, row.id);
  await c.audit({ action: 'menu.option-group.create', entity: 'option_group', entityId: row.id, after: auditView(group) });
  c.emit('menu', row.id);
  return group;
}

/**
 * Replaces a group and its option list. Options sent with their id keep it (so a later order line
 * that names the option still finds it); options left out are removed.
 */
export async function replaceOptionGroup(c: CommandContext, input: OptionGroupFields & { groupId: string; version: number }): Promise<OptionGroup> {
  const { row, group: before } = await lockGroup(c, input.groupId);
  c.assertVersion(row, input.version);
  await assertGroupNameFree(c, input.name, row.id);
  const current = new Set(before.options.map((o) => o.id));
  if (input.options.some((o) => o.id !== undefined && !current.has(o.id))) throw new HttpError(400, MENU_MESSAGES.unknownOption);

  await c.tx.update(optionGroups).set({ ...groupColumns(input), version: row.version + 1 }).where(eq(optionGroups.id, row.id));
  const kept = new Set(input.options.flatMap((o) => (o.id ? [o.id] : [])));
  for (const old of before.options) if (!kept.has(old.id)) await c.tx.delete(options).where(eq(options.id, old.id));
  for (const [sortOrder, o] of input.options.entries()) {
    if (o.id) await c.tx.update(options).set({ name: o.name, priceKurus: o.priceKurus, sortOrder }).where(eq(options.id, o.id));
    else await c.tx.insert(options).values({ groupId: row.id, name: o.name, priceKurus: o.priceKurus, sortOrder });
  }
  const after = await readGroup(c, row.id);
  await c.audit({ action: 'menu.option-group.update', entity: 'option_group', entityId: row.id, before: auditView(before), after: auditView(after) });
  c.emit('menu', row.id);
  return after;
}

/** Deleting a group detaches it from every item that used it; the items stay. */
export async function deleteOptionGroup(c: CommandContext, input: { groupId: string }): Promise<void> {
  const { row, group: before } = await lockGroup(c, input.groupId);
  const [{ count }] = await c.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(menuItemOptionGroups)
    .where(eq(menuItemOptionGroups.groupId, row.id));
  await c.tx.delete(optionGroups).where(eq(optionGroups.id, row.id));
  await c.audit({ action: 'menu.option-group.delete', entity: 'option_group', entityId: row.id, before: auditView(before), reason: `${count} üründen kaldırıldı` });
  c.emit('menu', row.id);
}
