import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app';
import { migrationsFolder, openDatabase, type Database } from '../db/client';
import type { Role } from '../../shared/domain/roles';
import type { LiveEvent } from '../modules/events/event-hub';
import { TEST_PASSWORD, restaurantFactory, staffFactory, type StaffOptions } from './factories';

export { TEST_PASSWORD, TEST_PASSWORD_COST } from './factories';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the real
 * PostgreSQL when TEST_DATABASE_URL is set (dropped again on close).
 */
export async function freshDatabase(): Promise<Database & { label: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { ...(await openDatabase({ kind: 'pglite', from: await pgliteTemplate() })), label: 'pglite' };
  const name = `sofra_test_${randomUUID().replaceAll('-', '')}`;
  const template = await postgresTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
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

/*
 * Migrating a new database costs 1.5-2.5 s on PGlite; the suites open a few hundred. So the
 * migrated schema is made once per set of migrations (the name carries their hash: a changed
 * migration makes a new one) and every test database starts as a copy of it: a PGlite image in
 * the temp folder (~0.3 s to load), a template database on PostgreSQL. openDatabase still runs
 * the migrator on the copy, which finds them all applied.
 */
const migrationsHash = () => {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
};

let pgliteImage: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = path.join(tmpdir(), `sofra-test-schema-${migrationsHash()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const database = await openDatabase({ kind: 'pglite' });
      const image = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      await database.close();
      // written aside and renamed: a worker reading it meanwhile never sees half a file
      const partial = `${file}.${process.pid}.${randomUUID()}`;
      writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
      renameSync(partial, file);
      // the images of earlier migrations go; this one's (and another worker's copy being written) stay
      for (const old of readdirSync(tmpdir())) {
        if (old.startsWith('sofra-test-schema-') && !old.startsWith(path.basename(file))) rmSync(path.join(tmpdir(), old), { force: true });
      }
      return image;
    }
  })();
  return pgliteImage;
}

let postgresTemplateName: Promise<string> | undefined;
function postgresTemplate(url: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `sofra_test_schema_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // one worker migrates it; the others wait on the lock and find it there
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const target = new URL(url);
        target.pathname = `/${building}`;
        await (await openDatabase({ kind: 'postgres', url: target.toString() })).close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        // the templates of earlier migrations; one still being copied stays for the next run
        const old = await admin.query("select datname from pg_database where datname like 'sofra\\_test\\_schema\\_%' and datname <> $1", [name]);
        for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return postgresTemplateName;
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * `logger`: to read what the server logs (silent unless given); `idempotency`: its clock and leases;
 * `clientDir`: a stand-in for the built SPA, for the pages the server fills in (none by default);
 * `backupKey`: where Ayarlar → Yedek anahtarı finds the key (none by default).
 */
export async function createTestApp(
  options: Pick<AppOptions, 'logger' | 'idempotency' | 'printing' | 'platforms' | 'kitchenAlertSweepMs' | 'clientDir' | 'backupKey'> = {},
): Promise<TestContext> {
  return appOn(await freshDatabase(), options);
}

/** The app on a database of the test's own; closing the context closes both. */
export async function appOn(database: Database, options: Omit<AppOptions, 'database' | 'config'> = {}): Promise<TestContext> {
  // the Trendyol poller stays off unless a test asks for it: tests connect Trendyol to fake servers
  const app = await buildApp({ database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent', ...options, platforms: { trendyolPollMs: 0, ...options.platforms } });
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

/**
 * One app for a test file whose tests move the clock (vi.useFakeTimers): made before the first
 * test, the real clock back after each test and before the app closes. `keep` receives the app.
 */
export function appForClockTests(keep: (ctx: TestContext) => void) {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    keep(ctx);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
  });
  afterEach(() => vi.useRealTimers());
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
