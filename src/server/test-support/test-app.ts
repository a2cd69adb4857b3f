import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App, type AppOptions } from '../app';
import { openDatabase, type Database } from '../db/client';
import type { Role } from '../../shared/roles';
import type { LiveEvent } from '../modules/events/event-hub';
import { TEST_PASSWORD, restaurantFactory, staffFactory, type StaffOptions } from './factories';

export { TEST_PASSWORD, TEST_PASSWORD_COST } from './factories';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the real
 * PostgreSQL when TEST_DATABASE_URL is set (dropped again on close).
 */
export async function freshDatabase(): Promise<Database & { label: string }> {
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

/** `logger`: to read what the server logs (silent unless given); `idempotency`: its clock and leases. */
export async function createTestApp(options: Pick<AppOptions, 'logger' | 'idempotency' | 'printing'> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const app = await buildApp({ database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent', ...options });
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

/** A fresh app holding one restaurant: how the sign-in, staff and plugin tests start. */
export async function appWithRestaurant(name?: string) {
  const ctx = await createTestApp();
  return { ctx, restaurantId: (await restaurantFactory(ctx, name)).id };
}

/** A fresh app holding one restaurant whose owner is signed in (`owner` as `signedIn` answers it). */
export async function appWithOwner(name?: string, owner: StaffOptions = {}) {
  const { ctx, restaurantId } = await appWithRestaurant(name);
  return { ctx, restaurantId, owner: await signedIn(ctx, restaurantId, 'owner', owner) };
}
export type OwnerApp = Awaited<ReturnType<typeof appWithOwner>>;

/** The live events the app sends to a restaurant's screens from now on, in order (empty it to start over). */
export function collectEvents(ctx: TestContext, restaurantId: string): LiveEvent[] {
  const events: LiveEvent[] = [];
  ctx.app.hub.subscribe(restaurantId, (e) => events.push(e));
  return events;
}

export const createRestaurant = (ctx: TestContext, name?: string) => restaurantFactory(ctx, name);

export const createUser = (ctx: TestContext, opts: StaffOptions & { restaurantId?: string } = {}) => staffFactory(ctx, opts.restaurantId, opts);

/** Cookie header value from a response's set-cookie list. */
export function cookiesFrom(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

export async function loginAs(ctx: TestContext, email: string, password = TEST_PASSWORD, remember = false) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, remember } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { user: res.json(), cookies: cookiesFrom(res) };
}

/** A member of the restaurant with that role, signed in: their row and session cookies. */
export async function signedIn(ctx: TestContext, restaurantId: string, role: Role, opts: StaffOptions = {}) {
  const user = await staffFactory(ctx, restaurantId, { ...opts, role });
  return { user, cookies: (await loginAs(ctx, user.email, user.password)).cookies };
}

/** A restaurant with one signed-in account per role: the usual start of an API test. */
export async function staffedRestaurant(ctx: TestContext, name?: string) {
  const restaurant = await restaurantFactory(ctx, name);
  return {
    id: restaurant.id,
    name: restaurant.name,
    owner: await signedIn(ctx, restaurant.id, 'owner'),
    kitchen: await signedIn(ctx, restaurant.id, 'kitchen'),
    waiter: await signedIn(ctx, restaurant.id, 'waiter'),
  };
}
