import type { AdminMenu } from '../../../shared/menu-contract';
import type { Choice } from '../../components/choice-select';

const collator = new Intl.Collator('tr');

/**
 * Every dish of the menu as a choice for a mapping, sorted as Turkish sorts names. A platform's
 * product may be mapped to a dish that is off the menu today (it is still the same dish), so none
 * is left out; a name used in two categories carries its category.
 */
export function dishChoices(menu: AdminMenu | undefined): Choice[] {
  if (!menu) return [];
  const categories = new Map(menu.categories.map((c) => [c.id, c.name]));
  const count = new Map<string, number>();
  for (const item of menu.items) count.set(item.name, (count.get(item.name) ?? 0) + 1);
  return menu.items
    .map((item) => ({ value: item.id, label: (count.get(item.name) ?? 0) > 1 ? `${item.name} (${categories.get(item.categoryId) ?? ''})` : item.name }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The dish whose name is the platform's product name (case and Turkish letters aside), to offer first. */
export function suggestedDish(choices: readonly Choice[], name: string): string {
  const wanted = name.toLocaleLowerCase('tr-TR').trim();
  return choices.find((c) => c.label.toLocaleLowerCase('tr-TR') === wanted)?.value ?? '';
}
