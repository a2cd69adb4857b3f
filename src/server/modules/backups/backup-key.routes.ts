import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupKeyKeptRequest, backupKeyState, type BackupKeyState } from '../../../shared/backup-key-contract';
import type { Db } from '../../db/client';
import { restaurants } from '../../db/schema';
import { HttpError } from '../../errors';
import { OWNER, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { findFirstAudit } from '../audit-chain';
import { backupKeyFile, backupKeyForWriting, type BackupKeySource } from './backup-key';

const KEPT_ACTION = 'backup_key.kept';

export const BACKUP_KEY_MESSAGES = {
  notKeeper: 'Yedek anahtarı bu sunucunun ilk işletmesinin sahibine gösterilir.',
  noKey: 'Bu sunucuda gösterilecek bir yedek anahtarı yok.',
  changed: 'Yedek anahtarı bu arada değişti; sayfayı yenileyip yeni anahtarı saklayın.',
} as const;

/** The first 16 hex digits of the key's SHA-256 in groups of four ("1A2B-…"): names the key without giving it away. */
export const keyFingerprint = (key: Buffer) =>
  createHash('sha256').update(key).digest('hex').slice(0, 16).toUpperCase().match(/.{4}/g)!.join('-');

/** The installation's own restaurant: the first made on this server (create-restaurant, or the demo's). */
async function isFirstRestaurant(db: Db, restaurantId: string) {
  const [first] = await db.select({ id: restaurants.id }).from(restaurants).orderBy(asc(restaurants.createdAt), asc(restaurants.id)).limit(1);
  return first?.id === restaurantId;
}

/**
 * Ayarlar → Yedek anahtarı (shared/backup-key-contract.ts). The key file is made here if the first
 * backup has not made it yet, so the owner sees it on the first day. Marking it kept is an audited
 * command; from then on only its fingerprint and where it lives are shown.
 */
export function backupKeyRoutes(source: BackupKeySource): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    const status = async (restaurantId: string): Promise<BackupKeyState> => {
      const isKeeper = await isFirstRestaurant(app.db, restaurantId);
      const none = { location: null, fingerprint: null, key: null, isKeeper, keptAt: null, keptByName: null };
      if (source.envKey !== undefined) return { ...none, source: 'env', fingerprint: keyFingerprint(backupKeyForWriting(source, () => {})) };
      if (!source.dataDir) return { ...none, source: 'none' };
      const key = backupKeyForWriting(source, (message) => app.log.warn(message));
      const fingerprint = keyFingerprint(key);
      const kept = await findFirstAudit(app.db, KEPT_ACTION, fingerprint);
      return {
        source: 'file',
        location: backupKeyFile(source.dataDir),
        fingerprint,
        key: isKeeper && !kept ? key.toString('hex') : null,
        isKeeper,
        keptAt: kept?.at.toISOString() ?? null,
        keptByName: kept ? kept.actorName : null,
      };
    };

    r.get('/backup-key', { config: OWNER, schema: { params: restaurantParams, response: { 200: backupKeyState } } }, async (request, reply) => {
      // the key itself may be in it: never kept by a cache
      reply.header('cache-control', 'private, no-store');
      return status(actorOf(request).restaurantId);
    });

    r.post('/backup-key/kept', { config: OWNER, schema: { params: restaurantParams, body: backupKeyKeptRequest, response: { 200: backupKeyState } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { restaurantId } = actorOf(request);
      const now = await status(restaurantId);
      if (!now.isKeeper) throw new HttpError(403, BACKUP_KEY_MESSAGES.notKeeper);
      if (now.source !== 'file') throw new HttpError(409, BACKUP_KEY_MESSAGES.noKey);
      if (now.fingerprint !== request.body.fingerprint) throw new HttpError(409, BACKUP_KEY_MESSAGES.changed);
      if (now.keptAt) return now;
      await command(request, (c) => c.audit({ action: KEPT_ACTION, entity: 'backup_key', entityId: now.fingerprint, after: { location: now.location } }));
      return status(restaurantId);
    });
  };
}
