import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreateTableRequest, LayoutSection, LayoutTable, UpdateTableRequest } from '../../../shared/floor-contract';
import { FLOOR_LIMITS, PLAN_HEIGHT, PLAN_WIDTH, createTableRequest } from '../../../shared/floor-contract';
import type { TableShape } from '../../../shared/ticket-contract';
import { diningTables, sections, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { TABLE_MESSAGES } from './table-messages';

type SectionRow = typeof sections.$inferSelect;
type TableRow = typeof diningTables.$inferSelect;

export const presentSection = (s: SectionRow): LayoutSection => ({ id: s.id, name: s.name, version: s.version, sortOrder: s.sortOrder });
export const presentTable = (t: TableRow): LayoutTable => ({
  id: t.id,
  sectionId: t.sectionId,
  name: t.name,
  seats: t.seats,
  shape: t.shape as TableShape,
  x: t.x,
  y: t.y,
  width: t.width,
  height: t.height,
  rotation: t.rotation,
  version: t.version,
});

const bump = { version: sql`version + 1` };

/** Names are unique per restaurant (sections) and per restaurant (tables: the kitchen shows them alone). */
async function assertNameFree(c: CommandContext, table: typeof sections | typeof diningTables, name: string, exceptId?: string) {
  const rows = await c.tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.restaurantId, c.restaurantId), sql`lower(${table.name}) = lower(${name})`));
  if (rows.some((r) => r.id !== exceptId)) throw new HttpError(409, table === sections ? TABLE_MESSAGES.sectionNameTaken(name) : TABLE_MESSAGES.tableNameTaken(name));
}

async function hasOpenTicket(c: CommandContext, tableIds: string[]) {
  if (tableIds.length === 0) return false;
  const [row] = await c.tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(inArray(tickets.tableId, tableIds), eq(tickets.status, 'open')))
    .limit(1);
  return row !== undefined;
}

export async function createSection(c: CommandContext, name: string) {
  const [{ count }] = await c.tx.select({ count: sql<number>`count(*)::int` }).from(sections).where(eq(sections.restaurantId, c.restaurantId));
  if (Number(count) >= FLOOR_LIMITS.sectionsPerRestaurant) throw new HttpError(409, TABLE_MESSAGES.tooManySections);
  await assertNameFree(c, sections, name);
  const [row] = await c.tx.insert(sections).values({ restaurantId: c.restaurantId, name, sortOrder: await c.nextSortOrder(sections) }).returning();
  await c.audit({ action: 'layout.section.create', entity: 'section', entityId: row.id, after: { name } });
  c.emit('tables');
  return presentSection(row);
}

export async function renameSection(c: CommandContext, id: string, version: number, name: string) {
  const section = await c.lockOwned(sections, id, TABLE_MESSAGES.sectionNotFound);
  c.assertVersion(section, version);
  await assertNameFree(c, sections, name, section.id);
  const [row] = await c.tx.update(sections).set({ name, ...bump }).where(eq(sections.id, section.id)).returning();
  await c.audit({ action: 'layout.section.rename', entity: 'section', entityId: row.id, before: { name: section.name }, after: { name } });
  c.emit('tables');
  return presentSection(row);
}

/** The new order names every section exactly once. */
export async function reorderSections(c: CommandContext, ids: string[]) {
  const rows = await c.tx.select().from(sections).where(eq(sections.restaurantId, c.restaurantId)).for('update');
  const same = ids.length === rows.length && new Set(ids).size === ids.length && ids.every((id) => rows.some((r) => r.id === id));
  if (!same) throw new HttpError(409, TABLE_MESSAGES.reorderMismatch);
  for (const [sortOrder, id] of ids.entries()) await c.tx.update(sections).set({ sortOrder, ...bump }).where(eq(sections.id, id));
  await c.audit({ action: 'layout.section.reorder', entity: 'section', entityId: null, after: { ids } });
  c.emit('tables');
  const fresh = await c.tx.select().from(sections).where(eq(sections.restaurantId, c.restaurantId));
  return ids.map((id) => presentSection(fresh.find((s) => s.id === id)!));
}

/** A section goes with its tables, refused while any of them has an open ticket. */
export async function deleteSection(c: CommandContext, id: string, version: number | undefined) {
  const section = await c.lockOwned(sections, id, TABLE_MESSAGES.sectionNotFound);
  c.assertVersion(section, version);
  const tables = await c.tx.select().from(diningTables).where(eq(diningTables.sectionId, section.id)).for('update');
  if (await hasOpenTicket(c, tables.map((t) => t.id))) throw new HttpError(409, TABLE_MESSAGES.sectionHasOpenTickets);
  if (tables.length > 0) await c.tx.delete(diningTables).where(eq(diningTables.sectionId, section.id));
  await c.tx.delete(sections).where(eq(sections.id, section.id));
  await c.audit({ action: 'layout.section.delete', entity: 'section', entityId: section.id, before: { name: section.name, tables: tables.map((t) => t.name) } });
  c.emit('tables');
}

/** Keeps a table inside the plan whatever its size. */
const clampToPlan = (t: { x: number; y: number; width: number; height: number }) => ({
  x: Math.min(t.x, PLAN_WIDTH - t.width),
  y: Math.min(t.y, PLAN_HEIGHT - t.height),
});

async function assertRoomInSection(c: CommandContext, sectionId: string) {
  const [{ count }] = await c.tx.select({ count: sql<number>`count(*)::int` }).from(diningTables).where(eq(diningTables.sectionId, sectionId));
  if (Number(count) >= FLOOR_LIMITS.tablesPerSection) throw new HttpError(409, TABLE_MESSAGES.tooManyTables);
}

export async function createTable(c: CommandContext, input: CreateTableRequest) {
  const req = createTableRequest.parse(input);
  const section = await c.lockOwned(sections, req.sectionId, TABLE_MESSAGES.sectionNotFound);
  await assertRoomInSection(c, section.id);
  await assertNameFree(c, diningTables, req.name);
  const [row] = await c.tx
    .insert(diningTables)
    .values({ ...req, ...clampToPlan(req), restaurantId: c.restaurantId, sectionId: section.id, sortOrder: await c.nextSortOrder(diningTables) })
    .returning();
  await c.audit({ action: 'layout.table.create', entity: 'dining_table', entityId: row.id, after: presentTable(row) });
  c.emit('tables');
  return presentTable(row);
}

export async function updateTable(c: CommandContext, id: string, req: UpdateTableRequest) {
  const table = await c.lockOwned(diningTables, id, TABLE_MESSAGES.tableNotFound);
  c.assertVersion(table, req.version);
  const { version: _v, ...changes } = req;
  // any section id that is not the table's own is checked: '' or a malformed one is a 404, never a 500
  if (changes.sectionId !== undefined && changes.sectionId !== table.sectionId) {
    await c.lockOwned(sections, changes.sectionId, TABLE_MESSAGES.sectionNotFound);
    await assertRoomInSection(c, changes.sectionId);
  }
  if (changes.name) await assertNameFree(c, diningTables, changes.name, table.id);
  const merged = { ...table, ...changes };
  const [row] = await c.tx
    .update(diningTables)
    .set({ ...changes, ...clampToPlan(merged), ...bump })
    .where(eq(diningTables.id, table.id))
    .returning();
  // An open ticket keeps the table's name for the kitchen and the bill.
  if (changes.name) await c.tx.update(tickets).set({ tableName: changes.name }).where(and(eq(tickets.tableId, table.id), eq(tickets.status, 'open')));
  await c.audit({ action: 'layout.table.update', entity: 'dining_table', entityId: row.id, before: presentTable(table), after: presentTable(row) });
  c.emit('tables');
  if (changes.name) c.emit('kitchen');
  return presentTable(row);
}

/** A copy beside the original with the next free name ("Salon 3" → "Salon 4", "Bar" → "Bar 2"). */
export async function duplicateTable(c: CommandContext, id: string) {
  const table = await c.lockOwned(diningTables, id, TABLE_MESSAGES.tableNotFound);
  await assertRoomInSection(c, table.sectionId);
  const names = new Set(
    (await c.tx.select({ name: diningTables.name }).from(diningTables).where(eq(diningTables.restaurantId, c.restaurantId))).map((r) => r.name.toLocaleLowerCase('tr-TR')),
  );
  const match = /^(.*?)(\d+)$/.exec(table.name);
  const stem = match ? match[1] : `${table.name} `;
  let n = match ? Number(match[2]) + 1 : 2;
  while (names.has(`${stem}${n}`.toLocaleLowerCase('tr-TR'))) n++;
  return createTable(c, {
    sectionId: table.sectionId,
    name: `${stem}${n}`.slice(0, FLOOR_LIMITS.tableName),
    seats: table.seats,
    shape: table.shape as TableShape,
    x: Math.min(table.x + table.width + 20, PLAN_WIDTH - table.width),
    y: table.y,
    width: table.width,
    height: table.height,
    rotation: table.rotation,
  });
}

export async function deleteTable(c: CommandContext, id: string, version: number | undefined) {
  const table = await c.lockOwned(diningTables, id, TABLE_MESSAGES.tableNotFound);
  c.assertVersion(table, version);
  if (await hasOpenTicket(c, [table.id])) throw new HttpError(409, TABLE_MESSAGES.tableHasOpenTicket);
  await c.tx.delete(diningTables).where(eq(diningTables.id, table.id));
  await c.audit({ action: 'layout.table.delete', entity: 'dining_table', entityId: table.id, before: presentTable(table) });
  c.emit('tables');
}
