import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { normaliseEmail } from '../../../shared/email';
import { MESSAGES } from '../../../shared/errors';
import { isRole, type Role } from '../../../shared/domain/roles';
import type { AuthUser, LoginRequest } from '../../../shared/auth-contract';
import type { Db } from '../../db/client';
import { memberships, rememberTokens, sessions, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { hashPassword, verifyPassword } from './password';
import { hashToken, newToken, tokenMatches } from './tokens';
import type { Actor } from '../../plugins/auth';

export const SESSION_TTL_MS = 16 * 60 * 60 * 1000; // a long shift
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SignedIn {
  user: AuthUser;
  sessionToken: string;
  /** "selector.validator", only when remember-me was asked for (or rotated) */
  rememberToken?: string;
}

// Unknown emails still pay for one hash, so timing does not tell which emails exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('sofra-timing-equaliser'));


/**
 * Checks the password, then the membership; the caller counts failures for rate limiting.
 * `client` (address or known device) bounds this client's place in the hash queue.
 */
export async function authenticate(db: Db, input: Pick<LoginRequest, 'email' | 'password'>, client?: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(input.email)))
    .limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()), client);
  if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials);
  if (!user.isActive) throw new HttpError(403, MESSAGES.accountDisabled);
  const membership = await primaryMembership(db, user.id);
  return { user, membership };
}

/** A user in several restaurants signs into the first one they joined and are still active in. */
async function primaryMembership(db: Db, userId: string) {
  const [membership] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.isActive), asc(memberships.createdAt))
    .limit(1);
  if (!membership) throw new HttpError(403, MESSAGES.userNotFound);
  if (!membership.isActive) throw new HttpError(403, MESSAGES.accountDisabled);
  if (!isRole(membership.role)) throw new HttpError(403, MESSAGES.invalidRole);
  return { restaurantId: membership.restaurantId, role: membership.role };
}

async function startSession(
  db: Db,
  user: { id: string; email: string },
  membership: { restaurantId: string; role: Role },
): Promise<{ user: AuthUser; sessionToken: string }> {
  const sessionToken = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(sessionToken),
    userId: user.id,
    restaurantId: membership.restaurantId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return {
    sessionToken,
    user: { uid: user.id, email: user.email, role: membership.role, restaurantId: membership.restaurantId },
  };
}

async function issueRememberToken(db: Db, userId: string, restaurantId: string): Promise<string> {
  const selector = newToken().slice(0, 22);
  const validator = newToken();
  await db.insert(rememberTokens).values({
    selector,
    validatorHash: hashToken(validator),
    userId,
    restaurantId,
    expiresAt: new Date(Date.now() + REMEMBER_TTL_MS),
  });
  return `${selector}.${validator}`;
}

export async function login(db: Db, input: LoginRequest, client?: string): Promise<SignedIn> {
  const { user, membership } = await authenticate(db, input, client);
  const signedIn: SignedIn = await startSession(db, user, membership);
  if (input.remember) signedIn.rememberToken = await issueRememberToken(db, user.id, membership.restaurantId);
  return signedIn;
}

/**
 * Signs in from a remember-me token and rotates it: each token works once. A known selector with a
 * wrong validator means the token was copied, so every remembered device of that user is revoked.
 */
export async function resume(db: Db, rememberToken: string | undefined): Promise<SignedIn> {
  const [selector, validator] = (rememberToken ?? '').split('.');
  if (!selector || !validator) throw new HttpError(401, MESSAGES.rememberInvalid);
  const [row] = await db.select().from(rememberTokens).where(eq(rememberTokens.selector, selector)).limit(1);
  if (!row) throw new HttpError(401, MESSAGES.rememberInvalid);
  if (!tokenMatches(validator, row.validatorHash)) {
    await db.delete(rememberTokens).where(eq(rememberTokens.userId, row.userId));
    throw new HttpError(401, MESSAGES.rememberInvalid);
  }
  await db.delete(rememberTokens).where(eq(rememberTokens.selector, selector));
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(401, MESSAGES.rememberInvalid);

  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new HttpError(401, MESSAGES.rememberInvalid);
  if (!user.isActive) throw new HttpError(403, MESSAGES.accountDisabled);
  const membership = await primaryMembership(db, user.id);
  const signedIn: SignedIn = await startSession(db, user, membership);
  signedIn.rememberToken = await issueRememberToken(db, user.id, membership.restaurantId);
  return signedIn;
}

/** Ends this sign-in; answers the ended session's id (none for an unknown cookie) so its open streams end too. */
export async function logout(db: Db, sessionToken: string | undefined, rememberToken: string | undefined): Promise<string[]> {
  const ended = sessionToken ? await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(sessionToken))).returning({ id: sessions.id }) : [];
  const selector = rememberToken?.split('.')[0];
  if (selector) await db.delete(rememberTokens).where(eq(rememberTokens.selector, selector));
  return ended.map((s) => s.id);
}

/**
 * The active member's role and the active user's e-mail for the session's row, as subqueries: the
 * same answer as joining the three tables, but the embedded database plans a three-table join
 * anew on every request (~5 ms) and these in well under one. null when either is not active.
 */
// Written out with aliases: Drizzle leaves the columns of a one-table select unqualified, and inside
// a subquery an unqualified "user_id" would be the inner table's own.
const liveRole = sql<string | null>`(select m.role from memberships m where m.user_id = sessions.user_id and m.restaurant_id = sessions.restaurant_id and m.is_active)`;
const liveEmail = sql<string | null>`(select u.email from users u where u.id = sessions.user_id and u.is_active)`;

const prepareActorLookup = (db: Db) =>
  db
    .select({ sessionId: sessions.id, userId: sessions.userId, email: liveEmail, restaurantId: sessions.restaurantId, role: liveRole })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_actor');
/**
 * Every signed-in request starts with this lookup, so it is built once per database and, on
 * PostgreSQL, parsed and planned once per connection (a named statement) instead of every time.
 */
const actorLookups = new WeakMap<Db, ReturnType<typeof prepareActorLookup>>();

/** The signed-in actor for a session cookie, or null. Role and active flag are read live. */
export async function findActor(db: Db, sessionToken: string): Promise<Actor | null> {
  let lookup = actorLookups.get(db);
  if (!lookup) actorLookups.set(db, (lookup = prepareActorLookup(db)));
  const [row] = await lookup.execute({ tokenHash: hashToken(sessionToken), now: new Date() });
  if (!row || row.email === null || row.role === null || !isRole(row.role)) return null;
  return { sessionId: row.sessionId, userId: row.userId, email: row.email, restaurantId: row.restaurantId, role: row.role };
}

/**
 * Ends every session and remembered device of a user (deactivation, password change, "everywhere").
 * Answers the ended sessions' ids: the caller ends their open event streams once this commits.
 */
export async function endAllSessions(db: Db, userId: string): Promise<string[]> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await db.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
  return ended.map((s) => s.id);
}

/**
 * Whether a session still signs its person in (not ended, not expired, user and membership
 * active): an open event stream asks at each heartbeat, so it also ends on expiry and on an end
 * this process was not told about.
 */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ email: liveEmail, role: liveRole })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined && row.email !== null && row.role !== null;
}
