import { z } from 'zod';
import { nameText } from './text';
import { TABLE_SHAPES, TABLE_STATES } from './ticket-contract';

/**
 * The floor plan (Masa Düzeni) and the floor view. Positions and sizes are plan units on a
 * PLAN_WIDTH × PLAN_HEIGHT grid per section, so the plan scales to any screen and what the layout
 * screen saves is exactly what the floor view draws.
 */
export const PLAN_WIDTH = 1000;
export const PLAN_HEIGHT = 600;
/** Tables snap to this grid when dragged (plan units). */
export const PLAN_GRID = 20;
export const TABLE_SIZE = { min: 40, max: 400 } as const;
export const FLOOR_LIMITS = { sectionName: 40, tableName: 20, seats: 50, sectionsPerRestaurant: 30, tablesPerSection: 200 } as const;

const name = (label: string, max: number) => nameText(label, { min: 1, max, collapseSpaces: true });

const coordinate = (max: number) =>
  z.number({ error: 'Konum bir sayı olmalı' }).int('Konum tam sayı olmalı').min(0, 'Konum negatif olamaz').max(max, `Konum en fazla ${max} olabilir`);

// ------------------------------------------------------------------ reads

export const floorTable = z.object({
  id: z.string(),
  sectionId: z.string(),
  name: z.string(),
  seats: z.number().int(),
  shape: z.enum(TABLE_SHAPES),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  rotation: z.number().int(),
  version: z.number().int(),
  /** the open ticket on this table, if any */
  ticketId: z.string().nullable(),
  ticketNumber: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** what the open ticket still has to pay (0 = paid, not closed yet) */
  remaining: z.number().int().nullable(),
  openedAt: z.string().nullable(),
  waiterId: z.string().nullable(),
  waiterName: z.string().nullable(),
  guests: z.number().int().nullable(),
  state: z.enum(TABLE_STATES),
});
export type FloorTable = z.infer<typeof floorTable>;

export const floorSection = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  tables: z.array(floorTable),
});
export type FloorSection = z.infer<typeof floorSection>;

/** `GET /floor`: every section in its order with its tables as drawn. */
export const floorResponse = z.object({ sections: z.array(floorSection) });
export type FloorResponse = z.infer<typeof floorResponse>;

// ------------------------------------------------------------------ layout writes (owner)

export const createSectionRequest = z.object({ name: name('Bölüm adı', FLOOR_LIMITS.sectionName) });
export const renameSectionRequest = z.object({ version: z.number().int(), name: name('Bölüm adı', FLOOR_LIMITS.sectionName) });
/** Every section id of the restaurant, in the new order. */
export const reorderSectionsRequest = z.object({ ids: z.array(z.string()).min(1).max(FLOOR_LIMITS.sectionsPerRestaurant) });

const tableFields = {
  name: name('Masa adı', FLOOR_LIMITS.tableName),
  seats: z.number({ error: 'Kişi sayısı bir sayı olmalı' }).int('Kişi sayısı tam sayı olmalı').min(1, 'En az 1 kişilik olmalı').max(FLOOR_LIMITS.seats, `En fazla ${FLOOR_LIMITS.seats} kişilik olabilir`),
  shape: z.enum(TABLE_SHAPES, { error: 'Geçersiz masa şekli' }),
  x: coordinate(PLAN_WIDTH),
  y: coordinate(PLAN_HEIGHT),
  width: z.number().int().min(TABLE_SIZE.min, `Genişlik en az ${TABLE_SIZE.min} olmalı`).max(TABLE_SIZE.max, `Genişlik en fazla ${TABLE_SIZE.max} olabilir`),
  height: z.number().int().min(TABLE_SIZE.min, `Yükseklik en az ${TABLE_SIZE.min} olmalı`).max(TABLE_SIZE.max, `Yükseklik en fazla ${TABLE_SIZE.max} olabilir`),
  rotation: z.number().int().min(0).max(359, 'Açı 0 ile 359 arasında olmalı'),
};

export const createTableRequest = z.object({
  sectionId: z.string(),
  name: tableFields.name,
  seats: tableFields.seats.default(4),
  shape: tableFields.shape.default('square'),
  x: tableFields.x.default(0),
  y: tableFields.y.default(0),
  width: tableFields.width.default(80),
  height: tableFields.height.default(80),
  rotation: tableFields.rotation.default(0),
});
export type CreateTableRequest = z.input<typeof createTableRequest>;

/** Any subset of a table's fields (a drag sends x/y, the form the rest); moving to another section too. */
export const updateTableRequest = z.object({
  version: z.number().int(),
  sectionId: z.string().optional(),
  name: tableFields.name.optional(),
  seats: tableFields.seats.optional(),
  shape: tableFields.shape.optional(),
  x: tableFields.x.optional(),
  y: tableFields.y.optional(),
  width: tableFields.width.optional(),
  height: tableFields.height.optional(),
  rotation: tableFields.rotation.optional(),
});
export type UpdateTableRequest = z.infer<typeof updateTableRequest>;

/** DELETE bodies are not sent: the version travels in the query string. */
export const versionQuery = z.object({ version: z.coerce.number().int().optional() });

export const layoutTable = floorTable.pick({ id: true, sectionId: true, name: true, seats: true, shape: true, x: true, y: true, width: true, height: true, rotation: true, version: true });
export type LayoutTable = z.infer<typeof layoutTable>;
export const layoutSection = z.object({ id: z.string(), name: z.string(), version: z.number().int(), sortOrder: z.number().int() });
export type LayoutSection = z.infer<typeof layoutSection>;
