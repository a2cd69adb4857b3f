import { asc, eq } from 'drizzle-orm';
import type { FloorResponse, FloorTable } from '../../../shared/floor-contract';
import type { Db } from '../../db/client';
import { diningTables, sections } from '../../db/schema';
import { listOpenTickets } from '../orders';
import { presentTable } from './layout-commands';
import { readAll } from '../../lib/read-all';

/**
 * The floor view: every section in its order, its tables as Masa Düzeni placed them, and on each
 * table its open ticket (total, age, waiter, guests, state). Three reads, whatever the size.
 */
export async function readFloor(db: Db, restaurantId: string): Promise<FloorResponse> {
  const [sectionRows, tableRows, open] = await readAll(db, [
    () => db.select().from(sections).where(eq(sections.restaurantId, restaurantId)).orderBy(asc(sections.sortOrder), asc(sections.name)),
    () => db.select().from(diningTables).where(eq(diningTables.restaurantId, restaurantId)).orderBy(asc(diningTables.sortOrder), asc(diningTables.name)),
    () => listOpenTickets(db, restaurantId),
  ]);
  const byTable = new Map(open.filter((t) => t.tableId).map((t) => [t.tableId!, t]));
  return {
    sections: sectionRows.map((s) => ({
      id: s.id,
      name: s.name,
      version: s.version,
      tables: tableRows
        .filter((t) => t.sectionId === s.id)
        .map((t): FloorTable => {
          const ticket = byTable.get(t.id);
          return {
            ...presentTable(t),
            ticketId: ticket?.id ?? null,
            ticketNumber: ticket?.number ?? null,
            total: ticket?.total ?? null,
            remaining: ticket?.remaining ?? null,
            openedAt: ticket?.openedAt ?? null,
            waiterId: ticket?.waiterId ?? null,
            waiterName: ticket?.waiterName ?? null,
            guests: ticket?.guests ?? null,
            state: ticket?.state ?? 'free',
          };
        }),
    })),
  };
}
