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
