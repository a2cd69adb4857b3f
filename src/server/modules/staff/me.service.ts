import { and, eq, ne } from 'drizzle-orm';
import { SESSIONS_ENDED_EVENT } from '../../../shared/live-events';
import { DEFAULT_USER_PREFERENCES, type UserPreferences } from '../../../shared/staff-contract';
import type { Db } from '../../db/client';
import { rememberTokens, sessions, userPreferences, users } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import type { Actor } from '../../plugins/auth';
import { endAllSessions, hashPassword, verifyPassword } from '../auth';
import { STAFF_MESSAGES } from './staff-messages';

/** The signed-in user's own commands: `c.actor` is always a person here, never the system. */
const userOf = (c: CommandContext) => c.actor.userId ?? '';

/** The signed-in user's own view settings; version 0 = never saved (defaults). */
export async function getPreferences(db: Db, actor: Pick<Actor, 'userId' | 'restaurantId'>) {
  const [row] = await db
    .select()
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, actor.userId), eq(userPreferences.restaurantId, actor.restaurantId)))
    .limit(1);
  return row
    ? { value: { ...DEFAULT_USER_PREFERENCES, ...(row.value as Partial<UserPreferences>) }, version: row.version }
    : { value: DEFAULT_USER_PREFERENCES, version: 0 };
}

/** Replaces the document; the same person's other screens (a second tablet) pick the change up. */
export async function replacePreferences(c: CommandContext, input: { value: UserPreferences; expectedVersion?: number }) {
  const userId = userOf(c);
  const before = await getPreferences(c.tx, { userId, restaurantId: c.restaurantId });
  c.assertVersion(before, input.expectedVersion);
  const version = before.version + 1;
  await c.tx
    .insert(userPreferences)
    .values({ userId, restaurantId: c.restaurantId, value: input.value, version })
    .onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.restaurantId], set: { value: input.value, version, updatedAt: new Date() } });
  c.emit('me.preferences', userId);
  return { value: input.value, version };
}

/** The new password's hash, once the current password is proven (checked before the command: scrypt is slow). */
export async function checkOwnPassword(db: Db, userId: string, currentPassword: string, newPassword: string, client?: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash, client))) throw new HttpError(400, STAFF_MESSAGES.wrongCurrentPassword);
  return hashPassword(newPassword);
}

/** Every other session and remembered device ends; the one in use stays signed in. */
export async function changeOwnPassword(c: CommandContext, input: { passwordHash: string; sessionId: string }) {
  const userId = userOf(c);
  await c.tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.id, userId));
  const ended = await c.tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, input.sessionId))).returning({ id: sessions.id });
  c.endStreams(ended.map((s) => s.id));
  await c.tx.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
  await c.audit({ action: 'me.change-password', entity: 'staff', entityId: userId });
}

/** "Her yerden çıkış yap": every session and remembered device of the user, this one included. */
export async function signOutEverywhere(c: CommandContext) {
  const userId = userOf(c);
  c.endStreams(await endAllSessions(c.tx, userId));
  await c.audit({ action: 'me.sign-out-everywhere', entity: 'staff', entityId: userId });
  c.emit(SESSIONS_ENDED_EVENT, userId);
}
