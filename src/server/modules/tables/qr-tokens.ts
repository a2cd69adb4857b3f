import { asc, eq } from 'drizzle-orm';
import type { QrTokenResponse, QrTokensResponse } from '../../../shared/table-requests-contract';
import type { Db } from '../../db/client';
import { diningTables } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import { newToken } from '../auth';
import { TABLE_MESSAGES } from './table-messages';

/**
 * Every table's QR token, for the owner's table cards (QR Menü). The token is the guests' key to
 * order from the table, so only the owner reads the list; the cards print it in the menu's address.
 */
export async function listQrTokens(db: Db, restaurantId: string): Promise<QrTokensResponse> {
  const rows = await db
    .select({ tableId: diningTables.id, token: diningTables.qrToken })
    .from(diningTables)
    .where(eq(diningTables.restaurantId, restaurantId))
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.name));
  return { tables: rows };
}

/**
 * A new QR token for the table (a printed code was photographed, or the cards are reprinted): the
 * old one stops at once — its menu shows no table, and it can neither order nor read a request. The
 * table's version is not raised: the layout screen's edits never fail because of a new token. The
 * audit row names the table, never a token. The 'tables' event rebuilds the public menu's cache.
 */
export async function rotateQrToken(c: CommandContext, tableId: string): Promise<QrTokenResponse> {
  const table = await c.lockOwned(diningTables, tableId, TABLE_MESSAGES.tableNotFound);
  const token = newToken();
  await c.tx.update(diningTables).set({ qrToken: token }).where(eq(diningTables.id, table.id));
  await c.audit({ action: 'layout.table.qr-token.rotate', entity: 'dining_table', entityId: table.id, after: { name: table.name } });
  c.emit('tables', table.id);
  return { token };
}
