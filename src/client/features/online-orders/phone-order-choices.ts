import type { CustomerHistoryInfo } from '../../../shared/online-orders-contract';

/** An option group as the phone form needs it (the menu's own rules: Menü Yönetimi > Seçenekler). */
export interface ChoiceGroup {
  id: string;
  name: string;
  isRequired: boolean;
  isMultiple: boolean;
  minChoices: number;
  maxChoices: number;
  options: { id: string; name: string; priceKurus: number }[];
}

export type Chosen = Record<string, string[]>;

/**
 * The choices a dish starts with, as the waiter's dialog starts them: a required single choice has
 * its first option already chosen (Porsiyon: 1), so the common order is one tap; nothing else is.
 */
export function initialChoices(groups: readonly ChoiceGroup[]): Chosen {
  const chosen: Chosen = {};
  for (const g of groups) if (g.isRequired && !g.isMultiple && g.options.length > 0) chosen[g.id] = [g.options[0].id];
  return chosen;
}

/** A tap on an option: a single choice replaces, a multiple one toggles, never past the group's maximum. */
export function toggleChoice(chosen: Chosen, group: ChoiceGroup, optionId: string): Chosen {
  const now = chosen[group.id] ?? [];
  if (!group.isMultiple) return { ...chosen, [group.id]: optionId ? [optionId] : [] };
  if (now.includes(optionId)) return { ...chosen, [group.id]: now.filter((id) => id !== optionId) };
  if (now.length >= group.maxChoices) return chosen;
  return { ...chosen, [group.id]: [...now, optionId] };
}

/** What keeps the dish from being added, in Turkish (the server refuses the same), or null. */
export function choiceProblem(groups: readonly ChoiceGroup[], chosen: Chosen): string | null {
  for (const g of groups) {
    const n = (chosen[g.id] ?? []).length;
    const min = Math.max(g.minChoices, g.isRequired ? 1 : 0);
    if (n < min) return min === 1 ? `${g.name}: bir seçim yapın` : `${g.name}: en az ${min} seçim yapın`;
    if (n > g.maxChoices) return `${g.name}: en fazla ${g.maxChoices} seçim yapılabilir`;
  }
  return null;
}

/**
 * The name and address once the number's history is known. A number that follows another one is
 * another caller: what the form held for the previous number goes (their address would send the
 * food to the wrong door) and the new number's newest name and address come in, or nothing for a
 * number never seen. For the first number, what the operator typed stays and only empty fields fill.
 */
export function customerForNumber(current: { name: string; address: string }, hadNumberBefore: boolean, history: Pick<CustomerHistoryInfo, 'names' | 'addresses'>) {
  const newestName = history.names[0] ?? '';
  const newestAddress = history.addresses[0]?.address ?? '';
  if (hadNumberBefore) return { name: newestName, address: newestAddress };
  return { name: current.name || newestName, address: current.address || newestAddress };
}
