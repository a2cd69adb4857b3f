import { and, eq, ne } from 'drizzle-orm';
import { DEFAULT_USER_PREFERENCES, type UserPreferences } from '../../../shared/staff-contract';
import { MESSAGES } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { auditEvents, rememberTokens, sessions, userPreferences, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { endAllSessions, type Actor } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { STAFF_MESSAGES } from './staff-messages';

/** The signed-in user's own view settings; version 0 = never saved (defaults). */
export async function getPreferences(db: Db, actor: Actor) {
  const [row] = await db
    .select()
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, actor.userId), eq(userPreferences.restaurantId, actor.restaurantId)))
    .limit(1);
  return row
    ? { value: { ...DEFAULT_USER_PREFERENCES, ...(row.value as Partial<UserPreferences>) }, version: row.version }
    : { value: DEFAULT_USER_PREFERENCES, version: 0 };
}

export async function replacePreferences(db: Db, actor: Actor, input: UserPreferences, expectedVersion?: number) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const key = and(eq(userPreferences.userId, actor.userId), eq(userPreferences.restaurantId, actor.restaurantId));
    await tx
      .insert(userPreferences)
      .values({ userId: actor.userId, restaurantId: actor.restaurantId, value: DEFAULT_USER_PREFERENCES, version: 0 })
      .onConflictDoNothing();
    const [row] = await tx.select().from(userPreferences).where(key).for('update');
    if (expectedVersion !== undefined && expectedVersion !== row.version) throw new HttpError(409, MESSAGES.versionConflict);
    const version = row.version + 1;
    await tx.update(userPreferences).set({ value: input, version, updatedAt: new Date() }).where(key);
    return { value: input, version };
  });
}

/**
 * Changing one's own password needs the current one; every other session and remembered device
 * ends, the one in use stays signed in.
 */
export async function changeOwnPassword(db: Db, actor: Actor, currentPassword: string, newPassword: string) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new HttpError(400, STAFF_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
    await tx.delete(rememberTokens).where(eq(rememberTokens.userId, actor.userId));
    await tx.insert(auditEvents).values({
      restaurantId: actor.restaurantId,
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'me.change-password',
      entity: 'staff',
      entityId: actor.userId,
    });
  });
}

/** "Her yerden çıkış yap": every session and remembered device of the user, this one included. */
export async function signOutEverywhere(db: Db, actor: Actor) {
  await endAllSessions(db, actor.userId);
}
