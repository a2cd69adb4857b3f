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
