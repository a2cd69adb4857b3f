import { asc, eq } from 'drizzle-orm';
import type { DiningTable } from '../../../shared/tables-contract';
import type { Db } from '../../db/client';
import { diningTables, sections } from '../../db/schema';

/** The restaurant's tables, section by section in their order. */
export async function listTables(db: Db, restaurantId: string): Promise<DiningTable[]> {
  return db
    .select({
      id: diningTables.id,
      name: diningTables.name,
      seats: diningTables.seats,
      sectionId: sections.id,
      sectionName: sections.name,
    })
    .from(diningTables)
    .innerJoin(sections, eq(sections.id, diningTables.sectionId))
    .where(eq(diningTables.restaurantId, restaurantId))
    .orderBy(asc(sections.sortOrder), asc(sections.name), asc(diningTables.sortOrder), asc(diningTables.name));
}
