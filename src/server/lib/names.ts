import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isSameName } from '../../shared/turkish-search';
import { HttpError } from '../errors';
import type { CommandContext } from './command';

type NamedTable = PgTable & { id: PgColumn; name: PgColumn; restaurantId: PgColumn };

/**
 * 409 when another of this restaurant's rows (within `where`, e.g. one category's items) already
 * has the name, Turkish case-insensitively ("İÇECEKLER" = "içecekler"). Safe against a concurrent
 * twin: the command holds the restaurant's lock until it commits.
 */
export async function assertNameFree(
  c: CommandContext,
  table: NamedTable,
  name: string,
  message: string,
  options: { exceptId?: string; where?: SQL } = {},
) {
  const rows = await c.tx
    .select({ name: table.name })
    .from(table as PgTable)
    .where(and(eq(table.restaurantId, c.restaurantId), options.where, options.exceptId ? ne(table.id, options.exceptId) : undefined));
  if (rows.some((r) => isSameName(String(r.name), name))) throw new HttpError(409, message);
}
