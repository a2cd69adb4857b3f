import type { PublicMenu } from '../../shared/public-menu';

/**
 * The guest's basket outlives a reload (issue 39): a phone that locks, a tab the browser threw
 * away, a guest who scanned the code again. It is kept in localStorage per restaurant and table
 * token (another table's code starts empty), with the Idempotency-Key of a send still waiting for
 * its answer, so sending again after a reload is the same request. Nothing secret is in it.
 */

/** One dish in the basket, as the order pad keeps it. */
export interface BasketLine {
  itemId: string;
  name: string;
  optionIds: string[];
  optionText: string;
  /** kuruş: the dish with its options, one of it */
  unit: number;
  quantity: number;
  note: string;
}

export interface SavedBasket {
  lines: BasketLine[];
  /** the key of a send that got no answer yet; null once the basket changed */
  key: string | null;
}

/** A basket older than this is from another visit: forgotten, not restored. */
export const BASKET_MAX_AGE_MS = 4 * 60 * 60_000;

// a new one each time: the pad adds to the array it is given
const empty = (): SavedBasket => ({ lines: [], key: null });

export const basketStoreKey = (restaurantId: string, token: string) => `sofra-sepet:${restaurantId}:${token}`;

/** localStorage, or null where the browser refuses it (private modes, storage turned off). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** Only well-formed lines: what is stored may be from an older page or edited by hand. */
function isLine(v: unknown): v is BasketLine {
  const l = v as Partial<BasketLine> | null;
  return (
    typeof l === 'object' && l !== null &&
    isText(l.itemId) && isText(l.name) && isText(l.optionText) && isText(l.note) &&
    Array.isArray(l.optionIds) && l.optionIds.every(isText) &&
    Number.isInteger(l.unit) && isCount(l.quantity)
  );
}

export function loadBasket(storage: Storage | null, key: string, now = Date.now()): SavedBasket {
  try {
    const saved = JSON.parse(storage?.getItem(key) ?? 'null') as { savedAt?: unknown; lines?: unknown; key?: unknown } | null;
    if (!saved || typeof saved.savedAt !== 'number' || now - saved.savedAt > BASKET_MAX_AGE_MS || !Array.isArray(saved.lines)) return empty();
    const lines = saved.lines.filter(isLine);
    return { lines, key: lines.length === saved.lines.length && isText(saved.key) ? saved.key : null };
  } catch {
    return empty();
  }
}

/** Writes the basket (an empty one is removed); a full or refused storage only means it is not kept. */
export function saveBasket(storage: Storage | null, key: string, basket: SavedBasket, now = Date.now()): void {
  try {
    if (basket.lines.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify({ savedAt: now, lines: basket.lines, key: basket.key }));
  } catch {
    // nothing to do: the basket still works for this visit
  }
}

/**
 * The basket against the menu as it is now. A dish no longer on it (taken off, or sold out: the
 * public menu lists only what is available) is dropped, and so is a line whose options the dish
 * no longer offers or whose choice its groups no longer allow — the server would refuse either.
 * The rest take the menu's current names and prices. `dropped` names what went, for the guest.
 */
export function reconcileBasket(lines: readonly BasketLine[], menu: PublicMenu): { lines: BasketLine[]; dropped: string[]; isChanged: boolean } {
  const kept: BasketLine[] = [];
  const dropped: string[] = [];
  for (const line of lines) {
    const item = menu.menuItems.find((i) => i.id === line.itemId);
    const groups = item?.optionGroups ?? [];
    const offered = groups.flatMap((g) => g.options);
    const fits =
      item !== undefined &&
      line.optionIds.every((id) => offered.some((o) => o.id === id)) &&
      groups.every((g) => {
        const picked = g.options.filter((o) => line.optionIds.includes(o.id)).length;
        return picked >= g.min && picked <= g.max;
      });
    if (!fits) {
      dropped.push(line.name);
      continue;
    }
    const chosen = offered.filter((o) => line.optionIds.includes(o.id));
    kept.push({
      ...line,
      name: item.name,
      optionText: chosen.map((o) => o.name).join(', '),
      unit: item.price + chosen.reduce((sum, o) => sum + o.price, 0),
    });
  }
  const isChanged = dropped.length > 0 || kept.some((l, i) => l.name !== lines[i].name || l.unit !== lines[i].unit || l.optionText !== lines[i].optionText);
  return { lines: kept, dropped, isChanged };
}

/** What the guest reads when dishes left the basket. */
export const droppedNote = (names: string[]) => `Tükenen ya da menüden kalkan ürünler sepetinizden çıkarıldı: ${[...new Set(names)].join(', ')}.`;
