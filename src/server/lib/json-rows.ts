import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows that PostgreSQL handed over as one JSON array (`json_agg` in a subquery, so a statement
 * reads a row and its children at once), turned into the rows Drizzle would have read: JSON keys
 * are the columns' names, and each column decodes its own value (timestamps).
 */
export function rowsFromJson<T extends PgTable>(table: T, value: unknown): T['$inferSelect'][] {
  return jsonArray(value).map((json) => rowFromJson(table, json));
}

/** A json column's value: node-postgres parses a json column itself, PGlite may hand over the text. */
export const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
export const jsonArray = (value: unknown) => fromJson<Record<string, unknown>[]>(value);

/** One row of rowsFromJson. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
