import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NewLine } from '../../../shared/ticket-contract';
import { menuCategories, menuItemOptionGroups, menuItems, optionGroups, options } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { boundsProblem } from '../../../shared/bill-math';
import { isUuid } from '../../../shared/ids';
import { jsonArray, rowFromJson, rowsFromJson } from '../../lib/json-rows';
import { TICKET_MESSAGES } from './ticket-messages';

/** What a new line snapshots from the menu at the moment it is added (docs/decisions/0007-tickets-lines-and-batches.md). */
export interface PricedLine {
  menuItemId: string;
  name: string;
  quantity: number;
  unitPriceKurus: number;
  options: { optionId: string; groupName: string; name: string; priceKurus: number }[];
  note: string | null;
  vatRate: number;
  station: string;
}

/**
 * The item's option groups, each with its options, as one JSON array: the items, their groups and
 * their options are one statement (one round trip on every add and every platform order).
 */
const optionGroupsOfItem = sql<unknown>`(
  select coalesce(json_agg(to_jsonb(g) || jsonb_build_object('options', (select coalesce(json_agg(o), '[]'::json) from ${options} o where o.group_id = g.id))), '[]'::json)
  from ${menuItemOptionGroups} l join ${optionGroups} g on g.id = l.group_id
  where l.item_id = ${sql.identifier('menu_items')}.${sql.identifier('id')})`;

/**
 * Checks each requested line against the menu — the item is this restaurant's, orderable (not
 * Tükendi, not in a hidden category), its options belong to it and every group's required / min /
 * max rule holds — and prices it: item price + the chosen options' add-ons, per unit, in kuruş.
 */
export async function priceLines(c: Pick<CommandContext, 'tx' | 'restaurantId'>, lines: readonly NewLine[]): Promise<PricedLine[]> {
  const itemIds = [...new Set(lines.map((l) => l.menuItemId))];
  if (itemIds.some((id) => !isUuid(id))) throw new HttpError(404, TICKET_MESSAGES.itemNotFound);
  const items = await c.tx
    .select({ item: menuItems, categoryVisible: menuCategories.isVisible, groups: optionGroupsOfItem })
    .from(menuItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .where(and(inArray(menuItems.id, itemIds), eq(menuItems.restaurantId, c.restaurantId)));
  // each item with its own groups and their options: an option is chosen among these only
  const byId = new Map(
    items.map(({ item, categoryVisible, groups: json }) => {
      const groups = jsonArray(json);
      return [item.id, { item, categoryVisible, groups: groups.map((g) => rowFromJson(optionGroups, g)), options: groups.flatMap((g) => rowsFromJson(options, g.options)) }];
    }),
  );

  return lines.map((line) => {
    const found = byId.get(line.menuItemId);
    if (!found) throw new HttpError(404, TICKET_MESSAGES.itemNotFound);
    const { item, groups } = found;
    if (!item.isAvailable) throw new HttpError(409, TICKET_MESSAGES.soldOut(item.name));
    if (!found.categoryVisible) throw new HttpError(409, TICKET_MESSAGES.hidden(item.name));
    const chosenIds = line.optionIds ?? [];
    if (new Set(chosenIds).size !== chosenIds.length) throw new HttpError(400, TICKET_MESSAGES.optionDuplicate);
    const chosen = chosenIds.map((id) => {
      const option = found.options.find((o) => o.id === id);
      if (!option) throw new HttpError(400, TICKET_MESSAGES.optionNotOfItem(item.name));
      return option;
    });
    for (const group of groups) {
      const count = chosen.filter((o) => o.groupId === group.id).length;
      const min = group.isRequired ? Math.max(1, group.minChoices) : group.minChoices;
      if (count === 0 && group.isRequired) throw new HttpError(400, TICKET_MESSAGES.optionRequired(group.name, item.name));
      if (count < min && count > 0) throw new HttpError(400, TICKET_MESSAGES.optionTooFew(group.name, min));
      if (count > Math.max(1, group.maxChoices)) throw new HttpError(400, TICKET_MESSAGES.optionTooMany(group.name, group.maxChoices));
    }
    const groupName = (groupId: string) => groups.find((g) => g.id === groupId)?.name ?? '';
    const lineOptions = chosen.map((o) => ({ optionId: o.id, groupName: groupName(o.groupId), name: o.name, priceKurus: o.priceKurus }));
    const unitPriceKurus = item.priceKurus + lineOptions.reduce((sum, o) => sum + o.priceKurus, 0);
    // an item at the price limit with many add-ons at the limit must not reach the 32-bit column
    const tooMuch = boundsProblem([{ unitPrice: unitPriceKurus, quantity: line.quantity }]);
    if (tooMuch) throw new HttpError(400, tooMuch);
    return {
      menuItemId: item.id,
      name: item.name,
      quantity: line.quantity,
      unitPriceKurus,
      options: lineOptions,
      note: line.note ? line.note : null,
      vatRate: item.vatRate,
      station: item.station,
    };
  });
}
