import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationSecrets, platformConnections } from '../../db/schema';

/**
 * Secrets written before they were sealed (lib/secret-box.ts) are still plain text in their rows:
 * read through the sealed columns (plain text reads as it is) and written back, they are sealed.
 * At every start; a no-op once none is left. A row is rewritten only when one of its secrets is plain.
 */
export async function sealPlainSecrets(db: Db): Promise<number> {
  const plain = (column: string) => sql.raw(`(${column} not like 'sv1:%')`);
  let sealed = 0;
  const channels = await db.select().from(integrationSecrets).where(plain('secret'));
  for (const row of channels) {
    await db.update(integrationSecrets).set({ secret: row.secret }).where(sql`${integrationSecrets.restaurantId} = ${row.restaurantId} and ${integrationSecrets.channel} = ${row.channel}`);
    sealed++;
  }
  const connections = await db.select().from(platformConnections).where(sql`${plain('webhook_secret')} or ${plain('client_secret')}`);
  for (const row of connections) {
    await db
      .update(platformConnections)
      .set({ webhookSecret: row.webhookSecret, clientSecret: row.clientSecret })
      .where(sql`${platformConnections.restaurantId} = ${row.restaurantId} and ${platformConnections.platform} = ${row.platform}`);
    sealed++;
  }
  return sealed;
}
