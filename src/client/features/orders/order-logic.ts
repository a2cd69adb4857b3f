import type { AdminMenu, MenuItem, OptionGroup } from '../../../shared/menu-contract';
import { matchesSearch } from '../../../shared/turkish-search';
import {
  TICKET_TYPE_LABELS,
  type TableState,
  type Ticket,
  type TicketLine,
  type TicketSummary,
} from '../../../shared/ticket-contract';

// ------------------------------------------------------------------ options dialog

/** The option ids chosen in one dialog, per group. */
export type Selection = Readonly<Record<string, readonly string[]>>;

/** A tap on an option: a single-choice group takes it in place of the old one; a multiple one toggles it, never past its maximum. */
export function toggleOption(selection: Selection, group: OptionGroup, optionId: string): Selection {
  const current = selection[group.id] ?? [];
  let next: string[];
  if (!group.isMultiple) next = current.includes(optionId) && !group.isRequired ? [] : [optionId];
  else if (current.includes(optionId)) next = current.filter((id) => id !== optionId);
  else if (current.length >= group.maxChoices) return selection;
  else next = [...current, optionId];
  return { ...selection, [group.id]: next };
}

/**
 * What the options dialog starts with. The rule: a required single-choice group whose first
 * choice costs nothing starts with that choice (Porsiyon "1", Boy "Küçük") — the usual order is
 * that one, and a tap on another choice replaces it. Every other group starts empty: a first
 * choice that costs extra would add money nobody chose, and an optional group's "nothing" is a
 * choice too. A required group left empty keeps "Ekle" disabled until it is chosen.
 */
export function defaultSelection(groups: readonly OptionGroup[]): Selection {
  const selection: Record<string, readonly string[]> = {};
  for (const g of groups) {
    const first = g.options[0];
    if (g.isRequired && !g.isMultiple && first && first.priceKurus === 0) selection[g.id] = [first.id];
  }
  return selection;
}

/** What is missing in a group, in Turkish; null when its choice is acceptable. */
export function groupProblem(group: OptionGroup, selection: Selection): string | null {
  const count = (selection[group.id] ?? []).length;
  const min = group.isRequired ? Math.max(1, group.minChoices) : group.minChoices;
  if (count < min) return min === 1 ? `${group.name}: bir seçim yapın` : `${group.name}: en az ${min} seçim yapın`;
  if (count > group.maxChoices) return `${group.name}: en fazla ${group.maxChoices} seçim yapılabilir`;
  return null;
}

export const selectionProblems = (groups: readonly OptionGroup[], selection: Selection) =>
  groups.map((g) => groupProblem(g, selection)).filter((p): p is string => p !== null);

/** The chosen option ids in the groups' order (what the server is sent). */
export const selectedOptionIds = (groups: readonly OptionGroup[], selection: Selection) =>
  groups.flatMap((g) => g.options.filter((o) => (selection[g.id] ?? []).includes(o.id)).map((o) => o.id));

/** One unit of the item with its chosen add-ons, in kuruş (the server snapshots the same). */
export function unitPrice(item: Pick<MenuItem, 'priceKurus'>, groups: readonly OptionGroup[], selection: Selection): number {
  let total = item.priceKurus;
  for (const g of groups) for (const o of g.options) if ((selection[g.id] ?? []).includes(o.id)) total += o.priceKurus;
  return total;
}

/** The groups an item asks for, in the menu's group order. */
export function groupsOf(item: Pick<MenuItem, 'optionGroupIds'>, menu: Pick<AdminMenu, 'optionGroups'>): OptionGroup[] {
  return menu.optionGroups
    .filter((g) => item.optionGroupIds.includes(g.id))
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((g) => ({ ...g, options: [...g.options].sort((a, b) => a.sortOrder - b.sortOrder) }));
}

// ------------------------------------------------------------------ one-tap adding

/**
 * The pending line a plain tap on an item adds to: same item, no options, no note. A second tap
 * raises its quantity instead of making a second line; options or a note make a line of its own.
 */
export function pendingLineFor(ticket: Pick<Ticket, 'lines'>, menuItemId: string): TicketLine | undefined {
  return ticket.lines.find((l) => l.status === 'pending' && l.menuItemId === menuItemId && l.options.length === 0 && !l.note);
}

export const pendingLines = (ticket: Pick<Ticket, 'lines'>) => ticket.lines.filter((l) => l.status === 'pending');

/**
 * A table ticket that nothing was put on — no line, no guest count, no Hesap İste, no payment —
 * is discarded when the waiter leaves it: the table was tapped by mistake, or left before ordering.
 * Not a reopened bill (it has a bill number: the server keeps it, 409), and not a Gel-Al / Paket
 * Servis one: its customer's name, phone and address were typed on purpose, so it stays to come back to.
 */
export const isLeftEmpty = (t: Pick<Ticket, 'type' | 'status' | 'lines' | 'guests' | 'billRequestedAt' | 'payments' | 'billNumber'>) =>
  t.type === 'table' &&
  t.status === 'open' &&
  t.billNumber === null &&
  t.lines.length === 0 &&
  t.guests === null &&
  t.billRequestedAt === null &&
  t.payments.length === 0;

// ------------------------------------------------------------------ menu picker

export interface PickerMenu {
  categories: AdminMenu['categories'];
  items: MenuItem[];
}

/** What a waiter may order from: visible categories in order, their items in order (sold-out ones too, shown disabled). */
export function orderableMenu(menu: AdminMenu): PickerMenu {
  const categories = menu.categories.filter((c) => c.isVisible).sort((a, b) => a.sortOrder - b.sortOrder);
  const visible = new Set(categories.map((c) => c.id));
  const items = menu.items.filter((i) => visible.has(i.categoryId)).sort((a, b) => a.sortOrder - b.sortOrder);
  return { categories, items };
}

/** A search looks through every category (Turkish-aware); otherwise the chosen category's items. */
export function pickerItems(menu: PickerMenu, categoryId: string | null, query: string): MenuItem[] {
  if (query.trim()) return menu.items.filter((i) => matchesSearch(i.name, query));
  return menu.items.filter((i) => i.categoryId === categoryId);
}

// ------------------------------------------------------------------ lists and labels

/** Whole minutes since a time, never negative (a clock a little ahead of the server's). */
export const minutesSince = (iso: string | null, now: number) => (iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : 0);

/** "12 dk", "1 sa 5 dk". */
export function ageLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} dk`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} sa ${m} dk` : `${h} sa`;
}

/** Where a ticket is: its table, or "Gel-Al · Ayşe" / "Paket Servis · Ali". */
export function whereLabel(t: { type: Ticket['type']; tableName: string | null; customerName?: string | null }): string {
  if (t.type === 'table') return t.tableName ?? TICKET_TYPE_LABELS.table;
  return t.customerName ? `${TICKET_TYPE_LABELS[t.type]} · ${t.customerName}` : TICKET_TYPE_LABELS[t.type];
}

export interface TicketFilter {
  /** '' = every section; 'none' = tickets without a table (Gel-Al, Paket Servis) */
  sectionId: string;
  waiterId: string;
  state: '' | TableState;
}
export const NO_SECTION = 'none';

export function filterTickets(list: readonly TicketSummary[], f: TicketFilter): TicketSummary[] {
  return list.filter(
    (t) =>
      (!f.sectionId || (f.sectionId === NO_SECTION ? t.sectionId === null : t.sectionId === f.sectionId)) &&
      (!f.waiterId || t.waiterId === f.waiterId) &&
      (!f.state || t.state === f.state),
  );
}

export const sumTotals = (list: readonly { total: number }[]) => list.reduce((sum, t) => sum + t.total, 0);

/** The waiters who have open tickets, by name (Turkish order), for the filter. */
export function waitersOf(list: readonly TicketSummary[]): { value: string; label: string }[] {
  const byId = new Map<string, string>();
  for (const t of list) if (t.waiterId) byId.set(t.waiterId, t.waiterName ?? '—');
  const collator = new Intl.Collator('tr');
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => collator.compare(a.label, b.label));
}
