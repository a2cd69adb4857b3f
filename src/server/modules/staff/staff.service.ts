import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import type { CreateStaffRequest, StaffMember } from '../../../shared/staff-contract';
import type { Role } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { auditEvents, memberships, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { normaliseEmail } from '../../../shared/email';
import { endAllSessions, type Actor } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { generatePassword } from '../restaurants/create-restaurant';
import { STAFF_MESSAGES } from './staff-messages';

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  isActive: memberships.isActive,
  lastLoginAt: users.lastLoginAt,
  version: memberships.version,
};

type StaffRow = Omit<StaffMember, 'lastLoginAt'> & { lastLoginAt: Date | null };
const present = (row: StaffRow): StaffMember => ({ ...row, lastLoginAt: row.lastLoginAt?.toISOString() ?? null });

const trFold = (s: string) => s.toLocaleLowerCase('tr-TR').replaceAll('ı', 'i');
const collator = new Intl.Collator('tr');

/** The restaurant's staff, sorted by name the Turkish way; search matches name or email. */
export async function listStaff(db: Db, restaurantId: string, filter: { search?: string; role?: string }) {
  const rows = await db
    .select(staffColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.restaurantId, restaurantId), filter.role ? eq(memberships.role, filter.role) : undefined))
    .orderBy(asc(users.name));
  const needle = filter.search ? trFold(filter.search) : '';
  return rows
    .filter((r) => !needle || trFold(`${r.name} ${r.email}`).includes(needle))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(present);
}

async function findStaff(db: Db, restaurantId: string, userId: string): Promise<StaffRow> {
  if (!isUuid(userId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const [row] = await db
    .select(staffColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.restaurantId, restaurantId), eq(memberships.userId, userId)))
    .for('update')
    .limit(1);
  // Another restaurant's staff look exactly like missing ones.
  if (!row) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return row;
}

function checkVersion(row: StaffRow, version: number) {
  if (row.version !== version) throw new HttpError(409, STAFF_MESSAGES.versionConflict);
}

/** The last active owner may not be deactivated or demoted: the restaurant would lock itself out. */
async function assertAnotherActiveOwner(db: Db, restaurantId: string, userId: string) {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.restaurantId, restaurantId),
        eq(memberships.role, 'owner'),
        eq(memberships.isActive, true),
        ne(memberships.userId, userId),
      ),
    );
  if (count === 0) throw new HttpError(409, STAFF_MESSAGES.lastOwner);
}

async function audit(tx: Db, actor: Actor, action: string, userId: string, before: unknown, after: unknown) {
  await tx.insert(auditEvents).values({
    restaurantId: actor.restaurantId,
    actorUserId: actor.userId,
    actorRole: actor.role,
    action,
    entity: 'staff',
    entityId: userId,
    before: before ?? null,
    after: after ?? null,
  });
}

/** Adds a staff member who can sign in at once; without a password one is generated and returned once. */
export async function createStaff(db: Db, actor: Actor, input: CreateStaffRequest) {
  const email = normaliseEmail(input.email);
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (taken) throw new HttpError(409, STAFF_MESSAGES.emailTaken);
    const [user] = await tx.insert(users).values({ email, name: input.name, passwordHash }).returning();
    await tx.insert(memberships).values({ userId: user.id, restaurantId: actor.restaurantId, role: input.role });
    const staff = await findStaff(tx, actor.restaurantId, user.id);
    await audit(tx, actor, 'staff.create', user.id, null, { name: input.name, email, role: input.role });
    return { staff: present(staff), generatedPassword: input.password ? undefined : password };
  });
}

export async function updateStaff(db: Db, actor: Actor, userId: string, input: { name: string; role: Role; version: number }) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await findStaff(tx, actor.restaurantId, userId);
    checkVersion(before, input.version);
    if (before.role === 'owner' && input.role !== 'owner' && before.isActive) {
      await assertAnotherActiveOwner(tx, actor.restaurantId, userId);
    }
    await tx.update(users).set({ name: input.name }).where(eq(users.id, userId));
    await tx
      .update(memberships)
      .set({ role: input.role, version: before.version + 1 })
      .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, actor.restaurantId)));
    await audit(tx, actor, 'staff.update', userId, { name: before.name, role: before.role }, { name: input.name, role: input.role });
    return present(await findStaff(tx, actor.restaurantId, userId));
  });
}

/** Deactivation ends every session and remembered device of the user at once. */
export async function setStaffActive(db: Db, actor: Actor, userId: string, isActive: boolean, version: number) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await findStaff(tx, actor.restaurantId, userId);
    checkVersion(before, version);
    if (!isActive && before.role === 'owner') await assertAnotherActiveOwner(tx, actor.restaurantId, userId);
    await tx
      .update(memberships)
      .set({ isActive, version: before.version + 1 })
      .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, actor.restaurantId)));
    if (!isActive) await endAllSessions(tx, userId);
    await audit(tx, actor, isActive ? 'staff.reactivate' : 'staff.deactivate', userId, { isActive: before.isActive }, { isActive });
    return present(await findStaff(tx, actor.restaurantId, userId));
  });
}

/** A new password set by the owner; all the user's sessions end. */
export async function resetStaffPassword(db: Db, actor: Actor, userId: string, input: { version: number; password?: string }) {
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await findStaff(tx, actor.restaurantId, userId);
    checkVersion(before, input.version);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(memberships)
      .set({ version: before.version + 1 })
      .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, actor.restaurantId)));
    await endAllSessions(tx, userId);
    // The password itself never reaches the audit log.
    await audit(tx, actor, 'staff.reset-password', userId, null, { generated: !input.password });
    const staff = present(await findStaff(tx, actor.restaurantId, userId));
    return { staff, generatedPassword: input.password ? undefined : password };
  });
}
