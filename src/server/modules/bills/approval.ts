import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Approval } from '../../../shared/bill-contract';
import { normaliseEmail } from '../../../shared/email';
import { GUARDED_ACTIONS } from '../../../shared/restaurant-settings';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { actorOf } from '../../plugins/auth';
import { guardedCheck, hashPassword, LIMIT_WINDOW_MS, LoginLimiter, verifyPassword } from '../auth';
import { verifyPinApproval } from '../devices';
import { getRestaurantSettings } from '../settings';
import { BILL_MESSAGES } from './bill-messages';

export type GuardedAction = (typeof GUARDED_ACTIONS)[number];
const ACTION_NAMES: Record<GuardedAction, string> = { discount: 'İndirim', comp: 'İkram', cancel: 'İptal' };

// An unknown approver email still pays for one hash, so timing does not tell which emails exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('sofra-approval-equaliser'));

const isWrongApproval = (err: unknown) => err instanceof HttpError && err.message === BILL_MESSAGES.wrongApproval;

/**
 * Owners' approvals on the spot. The password is checked before the command's transaction (a hash
 * takes a third of a second; the restaurant must not stay locked meanwhile), under the same kind
 * of limit as the login, counted before the hash runs: 10 wrong approvals in 15 minutes per
 * signed-in person, and 10 per owner *of this restaurant*. An email that is no owner here counts
 * against the person typing it only — so nobody, at this restaurant or another, can lock an owner
 * out by typing their email with wrong passwords elsewhere — and gets the same refusal. A right
 * approval clears both counts.
 */
export class Approvals {
  private readonly limiter = new LoginLimiter({ maxFailures: { user: 10, owner: 10 }, windowMs: LIMIT_WINDOW_MS });

  constructor(private readonly db: Db) {}

  /** The approver's user id (an active owner of this restaurant with that password), null without an approval; 403 when wrong. */
  async verify(request: FastifyRequest, approval: Approval | undefined): Promise<string | null> {
    if (!approval) return null;
    // The owner's PIN on a registered shared device: its own limits (modules/devices, ADR 0009).
    if ('pin' in approval) return verifyPinApproval(request, approval);
    const actor = actorOf(request);
    const owner = await this.findOwner(actor.restaurantId, normaliseEmail(approval.email));
    const userKey = `user:${actor.userId}`;
    const ownerKey = owner ? `owner:${actor.restaurantId}:${owner.id}` : undefined;
    const approver = await guardedCheck(
      this.limiter,
      { limit: ownerKey ? [userKey, ownerKey] : [userKey], clearOnSuccess: ownerKey },
      BILL_MESSAGES.tooManyApprovals,
      () => this.checkPassword(owner, approval.password, `ip:${request.ip}`),
      isWrongApproval,
    );
    this.limiter.clear(userKey);
    return approver;
  }

  private async findOwner(restaurantId: string, email: string) {
    const [owner] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(
        and(
          eq(sql`lower(${users.email})`, email),
          eq(memberships.restaurantId, restaurantId),
          eq(memberships.role, 'owner'),
          eq(memberships.isActive, true),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    return owner;
  }

  private async checkPassword(owner: { id: string; passwordHash: string } | undefined, password: string, client: string): Promise<string> {
    const ok = await verifyPassword(password, owner?.passwordHash ?? (await getDummyHash()), client);
    if (!owner || !ok) throw new HttpError(403, BILL_MESSAGES.wrongApproval);
    return owner.id;
  }
}

/**
 * Who may discount, comp or cancel comes from Ayarlar (the owner always may). Without the right,
 * an owner's approval (verified before the command) lets it through and is recorded.
 * Answers the approver to record (null when the caller needed none).
 */
export async function assertMay(c: CommandContext, action: GuardedAction, approverUserId: string | null): Promise<string | null> {
  if (c.actor.role === 'owner') return approverUserId;
  const { value: settings } = await getRestaurantSettings(c.tx, c.restaurantId);
  if ((settings.permissions[action] as string[]).includes(c.actor.role)) return approverUserId;
  if (approverUserId) return approverUserId;
  throw new HttpError(403, BILL_MESSAGES.notAllowed(ACTION_NAMES[action]));
}
