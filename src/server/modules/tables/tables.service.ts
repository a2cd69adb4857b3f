import { asc, eq, sql } from 'drizzle-orm';
import type { DiningTable, Section } from '../../../shared/tables-contract';
import type { Db } from '../../db/client';
import { diningTables, sections } from '../../db/schema';

/** The restaurant's sections in their order, with their table counts. */
export async function listSections(db: Db, restaurantId: string): Promise<Section[]> {
  return db
    .select({ id: sections.id, name: sections.name, tableCount: sql<number>`count(${diningTables.id})::int` })
    .from(sections)
    .leftJoin(diningTables, eq(diningTables.sectionId, sections.id))
    .where(eq(sections.restaurantId, restaurantId))
    .groupBy(sections.id, sections.name, sections.sortOrder)
    .orderBy(asc(sections.sortOrder), asc(sections.name));
}

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
