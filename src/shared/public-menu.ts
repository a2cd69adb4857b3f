import { z } from 'zod';

export const publicMenuCategory = z.object({ id: z.string(), label: z.string(), value: z.string() });
export const publicMenuItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** integer kuruş */
  price: z.number().int(),
  category: z.string(),
});
export const publicMenu = z.object({
  restaurantInfo: z.object({ name: z.string() }),
  categories: z.array(publicMenuCategory),
  menuItems: z.array(publicMenuItem),
});
export type PublicMenu = z.infer<typeof publicMenu>;
export type PublicMenuItem = z.infer<typeof publicMenuItem>;

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
