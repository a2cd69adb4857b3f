import { and, eq, isNotNull } from 'drizzle-orm';
import type { AuthUser } from '../../../shared/auth-contract';
import type { PadPerson, SharedDeviceInfo } from '../../../shared/pin-contract';
import { isRole } from '../../../shared/domain/roles';
import type { Db } from '../../db/client';
import { memberships, restaurants, sessions, users } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import { hashToken, newToken, SESSION_TTL_MS } from '../auth';
import type { PinPerson } from './pin-checks';
import type { SharedDeviceRow } from './shared-devices.service';

const collator = new Intl.Collator('tr');

/** The audit action of a PIN sign-in; its row names the device and the session it opened. */
export const PIN_SIGN_IN_ACTION = 'auth.pin-sign-in';

/** The login page on a shared device: its name and the names to pick from (active staff with a PIN). */
export async function sharedDeviceInfo(db: Db, device: SharedDeviceRow | null): Promise<SharedDeviceInfo> {
  if (!device) return { device: null, people: [] };
  const [restaurant] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, device.restaurantId));
  const rows = await db
    .select({ id: users.id, name: users.name, role: memberships.role, lockedAt: memberships.pinLockedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.restaurantId, device.restaurantId), eq(memberships.isActive, true), eq(users.isActive, true), isNotNull(memberships.pinHash)));
  const people: PadPerson[] = rows.flatMap((r) => (isRole(r.role) ? [{ id: r.id, name: r.name, role: r.role, isLocked: r.lockedAt !== null }] : []));
  return { device: { name: device.name, restaurantName: restaurant?.name ?? '' }, people: people.sort((a, b) => collator.compare(a.name, b.name)) };
}

/**
 * The person's own session, started by their PIN on the shared device (run as them, so the audit
 * names them). The session this browser held before (the previous person's) ends here.
 */
export async function startPinSession(
  c: CommandContext,
  input: { person: PinPerson; device: SharedDeviceRow; previousSessionToken: string | undefined },
): Promise<{ user: AuthUser; sessionToken: string }> {
  const { person, device } = input;
  if (input.previousSessionToken) {
    const ended = await c.tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(input.previousSessionToken))).returning({ id: sessions.id });
    // the previous person's live screens stop now, not at their next heartbeat's session check
    c.endStreams(ended.map((s) => s.id));
  }
  const sessionToken = newToken();
  const [session] = await c.tx
    .insert(sessions)
    .values({
      tokenHash: hashToken(sessionToken),
      userId: person.userId,
      restaurantId: c.restaurantId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    .returning({ id: sessions.id });
  await c.tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, person.userId));
  // The session's id (never its token) ties it to the device: revoking the device ends it (sessionsOpenedOn).
  await c.audit({
    action: PIN_SIGN_IN_ACTION,
    entity: 'staff',
    entityId: person.userId,
    after: { deviceId: device.id, deviceName: device.name, sessionId: session.id },
  });
  c.emit('staff', person.userId);
  return { sessionToken, user: { uid: person.userId, email: person.email, role: person.role, restaurantId: c.restaurantId } };
}
