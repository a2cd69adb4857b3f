import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import { PIN_LIMITS, PIN_MESSAGES } from '../../../shared/pin-contract';
import { isRole, type Role } from '../../../shared/domain/roles';
import { memberships, sharedDevices, users } from '../../db/schema';
import { HttpError, retryAfter } from '../../errors';
import { runCommand, type CommandActor, type CommandContext, type CommandDeps } from '../../lib/command';
import { LIMIT_WINDOW_MS, LoginLimiter } from '../auth';
import { pinKeyFrom, pinMatches } from './pin-hash';
import type { SharedDeviceRow } from './shared-devices.service';
import { commandDeps } from '../../lib/routes';

export interface PinAttempt {
  device: SharedDeviceRow;
  userId: string;
  pin: string;
  /** who is at the device: the device itself for a sign-in, the signed-in person for an approval */
  actor: CommandActor;
  /** approvals: only an active owner's PIN may approve */
  ownerOnly?: boolean;
  /** the refusal of a wrong PIN (sign-in: 401, approval: 403 as a wrong password there) */
  wrong: HttpError;
}

export interface PinPerson {
  userId: string;
  role: Role;
  email: string;
}

type Outcome = { ok: true; person: PinPerson } | { ok: false; locked: boolean };

/**
 * The one PIN check, for sign-ins and approvals alike. Two limits (ADR 0009): a person's wrong PINs
 * are counted on their membership row (5, then locked until the owner unlocks it — every server
 * instance sees the same count), and a device's wrong PINs in 15 minutes in memory (10, then 429),
 * so one tablet cannot walk through everyone's PIN. The check runs inside a command: the person's
 * row is locked while it is read, compared and counted, so simultaneous guesses are counted one by one.
 */
export class PinChecks {
  private readonly deviceLimiter = new LoginLimiter({ maxFailures: { device: PIN_LIMITS.deviceFailures }, windowMs: LIMIT_WINDOW_MS });
  private readonly key: Buffer;

  constructor(
    private readonly deps: CommandDeps,
    serverKey: Buffer,
  ) {
    this.key = pinKeyFrom(serverKey);
  }

  get pinKey() {
    return this.key;
  }

  async verify(attempt: PinAttempt): Promise<PinPerson> {
    const reservation = this.deviceLimiter.reserve([`device:${attempt.device.id}`]);
    if (!reservation.ok) throw new HttpError(429, PIN_MESSAGES.tooManyOnDevice, {}, retryAfter(reservation.retryAfterSeconds));
    let outcome: Outcome;
    try {
      // A refusal that is not a wrong PIN (revoked device, locked or missing person) rolls back and is not counted.
      outcome = await runCommand(this.deps, attempt.actor, (c) => this.check(c, attempt));
    } catch (err) {
      reservation.release();
      throw err;
    }
    if (outcome.ok) {
      reservation.release();
      return outcome.person;
    }
    reservation.fail();
    throw outcome.locked ? new HttpError(403, PIN_MESSAGES.locked) : attempt.wrong;
  }

  private async check(c: CommandContext, a: PinAttempt): Promise<Outcome> {
    // Read under the restaurant's lock, which a revoke also takes: a revoked device stops at once.
    const [device] = await c.tx
      .select({ id: sharedDevices.id })
      .from(sharedDevices)
      .where(and(eq(sharedDevices.id, a.device.id), eq(sharedDevices.restaurantId, c.restaurantId), isNull(sharedDevices.revokedAt)));
    if (!device) throw new HttpError(403, PIN_MESSAGES.notSharedDevice);
    if (!isUuid(a.userId)) throw new HttpError(404, PIN_MESSAGES.staffNotFound);
    // Another restaurant's staff look exactly like missing ones.
    const member = await c.lockOwnedBy(memberships, memberships.userId, a.userId, PIN_MESSAGES.staffNotFound);
    const [user] = await c.tx.select({ email: users.email, isActive: users.isActive }).from(users).where(eq(users.id, a.userId));
    if (!user?.isActive || !member.isActive) throw new HttpError(403, MESSAGES.accountDisabled);
    if (!isRole(member.role)) throw new HttpError(403, MESSAGES.invalidRole);
    if (a.ownerOnly && member.role !== 'owner') throw a.wrong;
    if (!member.pinHash) throw new HttpError(403, PIN_MESSAGES.noPin);
    if (member.pinLockedAt) throw new HttpError(403, PIN_MESSAGES.locked);
    const where = and(eq(memberships.userId, a.userId), eq(memberships.restaurantId, c.restaurantId));

    if (pinMatches(this.key, a.userId, a.pin, member.pinHash)) {
      if (member.pinFailedAttempts > 0) await c.tx.update(memberships).set({ pinFailedAttempts: 0 }).where(where);
      await c.tx.update(sharedDevices).set({ lastUsedAt: new Date() }).where(eq(sharedDevices.id, device.id));
      return { ok: true, person: { userId: a.userId, role: member.role, email: user.email } };
    }
    const failures = member.pinFailedAttempts + 1;
    const locked = failures >= PIN_LIMITS.personFailures;
    await c.tx.update(memberships).set({ pinFailedAttempts: failures, pinLockedAt: locked ? new Date() : null }).where(where);
    if (locked) {
      await c.audit({ action: 'pin.lock', entity: 'staff', entityId: a.userId, after: { failures, deviceId: a.device.id, deviceName: a.device.name } });
      c.emit('staff', a.userId);
    }
    return { ok: false, locked };
  }
}

// One per app (each app has its own database), shared by the sign-in and the bills' approvals so a
// device's wrong PINs count together wherever they were typed.
const perApp = new WeakMap<object, PinChecks>();

export function pinChecksOf(app: FastifyInstance): PinChecks {
  let checks = perApp.get(app.db);
  if (!checks) {
    checks = new PinChecks(commandDeps(app), app.deviceKey);
    perApp.set(app.db, checks);
  }
  return checks;
}
