import { z } from 'zod';
import { QR_CONFIRM_BY } from './restaurant-settings';

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
  /**
   * The dish's option groups (only when it has some), in their order: a guest ordering from the
   * table picks `min`..`max` options of each; a group with min 0 may be left empty. `price` is the
   * option's add-on per unit, kuruş. The server checks the same rules when the order arrives.
   */
  optionGroups: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        min: z.number().int(),
        max: z.number().int(),
        options: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int() })),
      }),
    )
    .optional(),
});
export const publicMenu = z.object({
  restaurantInfo: z.object({ name: z.string() }),
  categories: z.array(publicMenuCategory),
  menuItems: z.array(publicMenuItem),
  /** the table a QR code was printed for (`?masa=<the table's QR token>`), when the token is one of this restaurant's current ones */
  table: z.object({ name: z.string() }).optional(),
  /**
   * With `table`: whether guests can order from it now (the owner's QR Sipariş switch, within its
   * hours) and who confirms an order; `hours` when the owner set them (the restaurant's wall clock).
   */
  ordering: z
    .object({
      enabled: z.boolean(),
      confirmBy: z.enum(QR_CONFIRM_BY),
      hours: z.object({ from: z.string(), to: z.string() }).optional(),
    })
    .optional(),
});
export type PublicMenu = z.infer<typeof publicMenu>;
export type PublicMenuItem = z.infer<typeof publicMenuItem>;
export type PublicMenuOptionGroup = NonNullable<PublicMenuItem['optionGroups']>[number];

/**
 * `?masa=`: the QR token of the table a code was printed for (base64url, src/server/modules/tables/qr-tokens.ts);
 * an unknown or malformed one is ignored, never an error — the guest still sees the menu.
 */
export const publicMenuQuery = z.object({ masa: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined) });
/** The page (/menu/:restaurantId) reads it as the API does, and a malformed one as none: a guest always gets the menu. */
export const menuPageQuery = publicMenuQuery.catch({});
