import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { PIN_MESSAGES, type SharedDevice } from '../../../shared/pin-contract';
import type { Db } from '../../db/client';
import { auditEvents, sessions, sharedDevices } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { hashToken, newToken, SESSION_TTL_MS } from '../auth';
import { PIN_SIGN_IN_ACTION } from './pin-sign-in';

/** The shared device's cookie: sent to every /api route, so sign-in and approvals both see it. */
export const SHARED_DEVICE_COOKIE = 'sofra_shared_device';
export const SHARED_DEVICE_COOKIE_PATH = '/api';
/** Browsers keep a cookie at most 400 days; a device in daily use is re-sent it on each PIN sign-in. */
export const SHARED_DEVICE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

export type SharedDeviceRow = typeof sharedDevices.$inferSelect;

/** The registered, unrevoked device this cookie names, or null. */
export async function findSharedDevice(db: Db, token: string | undefined): Promise<SharedDeviceRow | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(sharedDevices)
    .where(and(eq(sharedDevices.tokenHash, hashToken(token)), isNull(sharedDevices.revokedAt)))
    .limit(1);
  return row ?? null;
}

const present = (row: SharedDeviceRow, thisDeviceId: string | undefined): SharedDevice => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  isThisDevice: row.id === thisDeviceId,
});

export async function listSharedDevices(db: Db, restaurantId: string, thisDevice: SharedDeviceRow | null) {
  const rows = await db
    .select()
    .from(sharedDevices)
    .where(and(eq(sharedDevices.restaurantId, restaurantId), isNull(sharedDevices.revokedAt)))
    .orderBy(asc(sharedDevices.createdAt));
  return rows.map((r) => present(r, thisDevice?.id));
}

/**
 * Registers the browser asking as a shared device: a fresh random token for its cookie, only the
 * hash stored. A browser already registered for this restaurant is told so (revoke it first).
 */
export async function registerSharedDevice(c: CommandContext, input: { name: string; current: SharedDeviceRow | null }) {
  if (input.current && input.current.restaurantId === c.restaurantId) throw new HttpError(409, PIN_MESSAGES.alreadyRegistered(input.current.name));
  const token = newToken();
  const [row] = await c.tx
    .insert(sharedDevices)
    .values({ restaurantId: c.restaurantId, name: input.name, tokenHash: hashToken(token), createdByUserId: c.actor.userId })
    .returning();
  await c.audit({ action: 'device.register', entity: 'shared_device', entityId: row.id, after: { name: row.name } });
  c.emit('staff', row.id);
  return { device: present(row, row.id), token };
}

/**
 * The sessions PIN sign-ins opened on a device, by the audit rows of those sign-ins (each names its
 * session). Only sign-ins younger than a session's lifetime can have one still open.
 */
async function sessionsOpenedOn(c: CommandContext, deviceId: string): Promise<string[]> {
  const rows = await c.tx
    .select({ sessionId: sql<string | null>`${auditEvents.after} ->> 'sessionId'` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.restaurantId, c.restaurantId),
        gt(auditEvents.createdAt, new Date(Date.now() - SESSION_TTL_MS)),
        eq(auditEvents.action, PIN_SIGN_IN_ACTION),
        sql`${auditEvents.after} ->> 'deviceId' = ${deviceId}`,
      ),
    );
  return rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
}

/**
 * Revoking stops the device's PIN sign-ins and approvals at once (every check reads the row) and
 * ends the sessions opened on it, with their live streams: a lost or stolen tablet must not stay
 * signed in as whoever used it last.
 */
export async function revokeSharedDevice(c: CommandContext, deviceId: string) {
  const row = await c.lockOwned(sharedDevices, deviceId, PIN_MESSAGES.deviceNotFound);
  if (row.revokedAt) throw new HttpError(404, PIN_MESSAGES.deviceNotFound);
  await c.tx.update(sharedDevices).set({ revokedAt: new Date() }).where(eq(sharedDevices.id, row.id));
  const opened = await sessionsOpenedOn(c, row.id);
  const ended = opened.length
    ? await c.tx
        .delete(sessions)
        .where(and(eq(sessions.restaurantId, c.restaurantId), inArray(sessions.id, opened)))
        .returning({ id: sessions.id })
    : [];
  c.endStreams(ended.map((s) => s.id));
  await c.audit({ action: 'device.revoke', entity: 'shared_device', entityId: row.id, before: { name: row.name }, after: { endedSessions: ended.length } });
  c.emit('staff', row.id);
}
