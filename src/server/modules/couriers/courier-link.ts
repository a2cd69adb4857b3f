import { and, eq, isNull } from 'drizzle-orm';
import { COURIER_LIMITS, COURIER_MESSAGES, type CourierLinkResult } from '../../../shared/couriers-contract';
import type { Db } from '../../db/client';
import { courierLinks, couriers } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { hashToken, newToken } from '../auth';

/** The courier page's address: the SPA serves /kurye/<token> as its own small page. */
export const courierPagePath = (token: string) => `/kurye/${token}`;

/** newToken(): 32 random bytes, base64url. Anything else is no link of ours and costs no query. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Ends every working link of the courier now (a new link, a revoke, a deactivation). */
export async function revokeLinksOf(c: CommandContext, courierId: string, now: Date) {
  return c.tx
    .update(courierLinks)
    .set({ revokedAt: now })
    .where(and(eq(courierLinks.courierId, courierId), eq(courierLinks.restaurantId, c.restaurantId), isNull(courierLinks.revokedAt)))
    .returning({ id: courierLinks.id });
}

/**
 * A new private link for the courier; the earlier ones stop working (one phone per courier). The
 * token is answered once: only its hash is stored, so a lost link is replaced, never shown again.
 */
export async function createLink(c: CommandContext, courierId: string, hours: number = COURIER_LIMITS.defaultLinkHours): Promise<CourierLinkResult> {
  const courier = await c.lockOwned(couriers, courierId, COURIER_MESSAGES.courierNotFound);
  if (!courier.isActive) throw new HttpError(409, COURIER_MESSAGES.courierInactive);
  const now = new Date();
  await revokeLinksOf(c, courier.id, now);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const [row] = await c.tx.insert(courierLinks).values({ restaurantId: c.restaurantId, courierId: courier.id, tokenHash: hashToken(token), expiresAt }).returning();
  // the audit names the link, never its token
  await c.audit({ action: 'courier.link.create', entity: 'courier', entityId: courier.id, after: { linkId: row.id, expiresAt: expiresAt.toISOString() } });
  c.emit('couriers', courier.id);
  return { path: courierPagePath(token), expiresAt: expiresAt.toISOString() };
}

export interface CourierSession {
  linkId: string;
  courierId: string;
  courierName: string;
  restaurantId: string;
  expiresAt: Date;
}

/**
 * Who a courier link belongs to. Unknown, revoked and expired links (and a deactivated courier's)
 * answer 401 with a sentence the courier can act on; nothing else about the restaurant leaks.
 */
export async function resolveCourierLink(db: Db, token: string, now = new Date()): Promise<CourierSession> {
  if (!TOKEN_FORMAT.test(token)) throw new HttpError(401, COURIER_MESSAGES.linkInvalid);
  const [found] = await db
    .select({ link: courierLinks, courier: couriers })
    .from(courierLinks)
    .innerJoin(couriers, eq(couriers.id, courierLinks.courierId))
    .where(eq(courierLinks.tokenHash, hashToken(token)));
  if (!found) throw new HttpError(401, COURIER_MESSAGES.linkInvalid);
  const { link, courier } = found;
  if (link.revokedAt !== null || !courier.isActive) throw new HttpError(401, COURIER_MESSAGES.linkRevoked);
  if (link.expiresAt <= now) throw new HttpError(401, COURIER_MESSAGES.linkExpired);
  return { linkId: link.id, courierId: courier.id, courierName: courier.name, restaurantId: courier.restaurantId, expiresAt: link.expiresAt };
}
