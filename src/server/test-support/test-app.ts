import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { memberships, restaurants, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';

/** Cheap hashes keep tests fast; production uses the default cost (the format carries N). */
export const TEST_PASSWORD_COST = 2 ** 10;
export const TEST_PASSWORD = 'gizli-sifre-1';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the real
 * PostgreSQL when TEST_DATABASE_URL is set (dropped again on close).
 */
async function freshDatabase(): Promise<Database & { label: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { ...(await openDatabase({ kind: 'pglite' })), label: 'pglite' };
  const name = `sofra_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    ...database,
    label: 'postgres',
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(): Promise<TestContext> {
  const database = await freshDatabase();
  const app = await buildApp({ database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export async function createRestaurant(ctx: TestContext, name = `Test Lokanta ${++counter}`) {
  const [row] = await ctx.database.db.insert(restaurants).values({ name }).returning();
  return row;
}

export async function createUser(
  ctx: TestContext,
  opts: { restaurantId?: string; role?: string; email?: string; password?: string; isActive?: boolean } = {},
) {
  const email = opts.email ?? `user${++counter}-${randomUUID().slice(0, 6)}@test.local`;
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email,
      name: 'Test Kullanıcı',
      passwordHash: await hashPassword(opts.password ?? TEST_PASSWORD, TEST_PASSWORD_COST),
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (opts.restaurantId) {
    await ctx.database.db.insert(memberships).values({ userId: user.id, restaurantId: opts.restaurantId, role: opts.role ?? 'owner' });
  }
  return { ...user, password: opts.password ?? TEST_PASSWORD };
}

/** Cookie header value from a response's set-cookie list. */
export function cookiesFrom(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

export async function loginAs(ctx: TestContext, email: string, password = TEST_PASSWORD, remember = false) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, remember } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { user: res.json(), cookies: cookiesFrom(res) };
}
