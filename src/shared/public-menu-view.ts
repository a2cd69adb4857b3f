import type { PublicMenu, PublicMenuItem } from './public-menu';

// Kept apart from the zod schemas so the customer's menu page ships without a validation library.

export const PUBLIC_MENU_FALLBACK_TITLE = 'Restoran Menüsü';

/** A category label is "icon name"; its title drops the first word (spec section 2). */
export function categoryTitle(label: string): string {
  return label.trim().split(/\s+/).slice(1).join(' ');
}

export interface MenuSection {
  id: string;
  title: string;
  items: PublicMenuItem[];
}

/** Items grouped by category, in category order; empty categories are left out. */
export function groupMenu(menu: Pick<PublicMenu, 'categories' | 'menuItems'>): MenuSection[] {
  return menu.categories
    .map((c) => ({
      id: c.id,
      title: categoryTitle(c.label),
      items: menu.menuItems.filter((i) => i.category === c.value),
    }))
    .filter((s) => s.items.length > 0);
}

/** How a table is named to a customer: "7" → "Masa 7", "Masa 7" stays, "Bahçe 3" → "Masa: Bahçe 3". */
export function tableLabel(name: string): string {
  const clean = name.trim();
  if (/^\d+$/.test(clean)) return `Masa ${clean}`;
  if (/^masa\b/i.test(clean)) return clean;
  return `Masa: ${clean}`;
}

/**
 * The customer's link for a restaurant (and a table): base is the restaurant's own domain or this
 * origin. A table's link carries its QR token, never its id: the token is what lets a guest order.
 */
export function publicMenuUrl(base: string, restaurantId: string, tableToken?: string): string {
  const root = base.replace(/\/+$/, '');
  const url = `${root}/menu/${encodeURIComponent(restaurantId)}`;
  return tableToken ? `${url}?masa=${encodeURIComponent(tableToken)}` : url;
}

/**
 * The id of the `<script type="application/json">` block in which the server sends the menu with
 * the page (its text: the menu API's JSON for that address, or null; its data-etag: the API's ETag),
 * so the first view needs no second request.
 */
export const MENU_DATA_ID = 'menu-data';
