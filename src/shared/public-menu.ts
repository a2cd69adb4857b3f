import { z } from 'zod';

export const publicMenuCategory = z.object({ id: z.string(), label: z.string(), value: z.string() });
export const publicMenuItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** integer kuruş */
  price: z.number().int(),
  category: z.string(),
  /** the photo's URL on this server, when the item has one */
  photo: z.string().optional(),
});
export const publicMenu = z.object({
  restaurantInfo: z.object({ name: z.string() }),
  categories: z.array(publicMenuCategory),
  menuItems: z.array(publicMenuItem),
  /** the table a QR code was printed for (`?masa=<tableId>`), when it is one of this restaurant's */
  table: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type PublicMenu = z.infer<typeof publicMenu>;
export type PublicMenuItem = z.infer<typeof publicMenuItem>;
