import { and, eq, isNotNull, or } from 'drizzle-orm';
import { PIN_MESSAGES, type PinState, type StaffPinState } from '../../../shared/pin-contract';
import { WRONG_CURRENT_PASSWORD } from '../../../shared/staff-contract';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { verifyPassword } from '../auth';
import { hashPin } from './pin-hash';

const stateOf = (row: { pinHash: string | null; pinLockedAt: Date | null }): PinState => ({ hasPin: row.pinHash !== null, isLocked: row.pinLockedAt !== null });

const ofMember = (restaurantId: string, userId: string) => and(eq(memberships.restaurantId, restaurantId), eq(memberships.userId, userId));

/** The signed-in person's own PIN state (Ayarlar). */
export async function ownPinState(db: Db, actor: { userId: string; restaurantId: string }): Promise<PinState> {
  const [row] = await db.select({ pinHash: memberships.pinHash, pinLockedAt: memberships.pinLockedAt }).from(memberships).where(ofMember(actor.restaurantId, actor.userId));
  return row ? stateOf(row) : { hasPin: false, isLocked: false };
}

/** Personel: who has a PIN and whose PIN is locked (members without either are left out). */
export async function listPinStates(db: Db, restaurantId: string): Promise<StaffPinState[]> {
  const rows = await db
    .select({ userId: memberships.userId, pinHash: memberships.pinHash, pinLockedAt: memberships.pinLockedAt })
    .from(memberships)
    .where(and(eq(memberships.restaurantId, restaurantId), or(isNotNull(memberships.pinHash), isNotNull(memberships.pinLockedAt))));
  return rows.map((r) => ({ userId: r.userId, ...stateOf(r) }));
}

/** The current password, proven before the command (scrypt is slow; the restaurant must not wait). */
export async function checkCurrentPassword(db: Db, userId: string, password: string, client: string) {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(password, user.passwordHash, client))) throw new HttpError(400, WRONG_CURRENT_PASSWORD);
}

/**
 * Sets the person's own PIN. A lock stays: only the owner unlocks (the lock says someone guessed,
 * and the owner should know). The PIN itself never reaches the audit log.
 */
export async function setOwnPin(c: CommandContext, input: { pin: string; key: Buffer }): Promise<PinState> {
  const userId = c.actor.userId ?? '';
  const before = await c.lockOwnedBy(memberships, memberships.userId, userId, PIN_MESSAGES.staffNotFound);
  const pinHash = hashPin(input.key, userId, input.pin);
  await c.tx.update(memberships).set({ pinHash, pinFailedAttempts: 0 }).where(ofMember(c.restaurantId, userId));
  await c.audit({ action: 'pin.set', entity: 'staff', entityId: userId, after: { replaced: before.pinHash !== null } });
  c.emit('staff', userId);
  return stateOf({ pinHash, pinLockedAt: before.pinLockedAt });
}

/**
 * Removes a PIN: the person's own (Ayarlar; a lock stays) or anyone's by the owner (Personel; the
 * lock goes with it, the person sets a new PIN from scratch).
 */
export async function clearPin(c: CommandContext, userId: string, by: 'self' | 'owner'): Promise<PinState> {
  const before = await c.lockOwnedBy(memberships, memberships.userId, userId, PIN_MESSAGES.staffNotFound);
  const pinLockedAt = by === 'owner' ? null : before.pinLockedAt;
  await c.tx.update(memberships).set({ pinHash: null, pinFailedAttempts: 0, pinLockedAt }).where(ofMember(c.restaurantId, userId));
  await c.audit({ action: 'pin.clear', entity: 'staff', entityId: userId, before: { hasPin: before.pinHash !== null, isLocked: before.pinLockedAt !== null } });
  c.emit('staff', userId);
  return stateOf({ pinHash: null, pinLockedAt });
}

/** The owner unlocks a PIN locked by wrong tries; the count starts again. */
export async function unlockPin(c: CommandContext, userId: string): Promise<PinState> {
  const before = await c.lockOwnedBy(memberships, memberships.userId, userId, PIN_MESSAGES.staffNotFound);
  await c.tx.update(memberships).set({ pinLockedAt: null, pinFailedAttempts: 0 }).where(ofMember(c.restaurantId, userId));
  await c.audit({ action: 'pin.unlock', entity: 'staff', entityId: userId, before: { isLocked: before.pinLockedAt !== null, failures: before.pinFailedAttempts } });
  c.emit('staff', userId);
  return stateOf({ pinHash: before.pinHash, pinLockedAt: null });
}
