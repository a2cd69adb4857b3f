import { z } from 'zod';

/** A section of the floor (Salon, Bahçe, Teras) with how many tables it has. */
export const section = z.object({ id: z.string(), name: z.string(), tableCount: z.number().int() });
export type Section = z.infer<typeof section>;

/** A dining table as every screen lists it (the layout screen edits them). */
export const diningTable = z.object({
  id: z.string(),
  name: z.string(),
  seats: z.number().int(),
  sectionId: z.string(),
  sectionName: z.string(),
});
export type DiningTable = z.infer<typeof diningTable>;
