import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { DEMO_ACCOUNTS } from '../demo/demo-menu';
import { seedDemo } from '../demo/seed-demo';
import { ROLES, type Role } from '../../shared/domain/roles';
import { createRestaurant, createTestApp, cookiesFrom, type TestContext } from '../test-support/test-app';
import { TEST_PASSWORD, menuFactory, staffFactory } from '../test-support/factories';
import type { ValueHints } from './zod-arbitraries';

/**
 * The world the route fuzzer runs in: one database with the demo restaurants, a signed-in person
 * per role, the real ids requests may point at, and a record of which tables each request changed.
 */

/** Cheap hashes for the demo and test accounts (the format carries N, so sign-in checks them as made). */
const SEED_PASSWORD_COST = 2 ** 10;

export interface FuzzWorld {
  ctx: TestContext;
  restaurantId: string;
  otherRestaurantId: string;
  changes: ChangeTracker;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database seeded with the demo data. Nothing leaves the machine: network
 * printing is off (a fuzzed printer address must not be dialled) and the delivery platforms'
 * calls go to a stub that answers OK without a DNS lookup.
 */
export async function startFuzzWorld(): Promise<FuzzWorld> {
  const platformStub: typeof fetch = async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  const ctx = await createTestApp({
    printing: { networks: { kind: 'none' }, timeoutMs: 50, retryDelayMs: 60_000 },
    platforms: { fetch: platformStub, pollMs: 0, allowPrivateNetworks: true, timeoutMs: 200 },
    // Batches the fuzz sends go unacknowledged; 30 s later the sweep would raise their alerts in
    // whatever request runs then, and that request's "refused, database unchanged" check would see it.
    kitchenAlertSweepMs: 0,
  });
  const seed = await seedDemo(ctx.app, SEED_PASSWORD_COST);
  const restaurantId = seed.restaurantId!;
  // The other restaurant gets a menu of its own: its ids are what a tenant-crossing request names.
  const otherRestaurantId = (await createRestaurant(ctx, 'Komşu Lokanta')).id;
  await menuFactory(ctx, otherRestaurantId);
  await staffFactory(ctx, otherRestaurantId, { role: 'waiter' });
  const changes = await ChangeTracker.install(ctx);
  return {
    ctx,
    restaurantId,
    otherRestaurantId,
    changes,
    async close() {
      await changes.stop();
      await ctx.close();
    },
  };
}

export type FuzzRole = Role;
export const FUZZ_ROLES: readonly FuzzRole[] = ROLES;

let setupAddress = 0;
/**
 * A new member per role of the restaurant, signed in. New people per route: a fuzzed request may
 * sign its caller out, deactivate them or change their password. Each sign-in comes from its own
 * address: the login limiter counts the fuzzer's failed logins against 127.0.0.1, not these.
 */
export async function signInStaff(world: FuzzWorld): Promise<Record<FuzzRole, Record<string, string>>> {
  const sessions = {} as Record<FuzzRole, Record<string, string>>;
  for (const role of FUZZ_ROLES) sessions[role] = await signInOne(world, role);
  return sessions;
}

export async function signInOne(world: FuzzWorld, role: FuzzRole): Promise<Record<string, string>> {
  const user = await staffFactory(world.ctx, world.restaurantId, { role });
  const n = ++setupAddress;
  const res = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `127.1.${(n >> 8) & 255}.${n & 255}`,
    payload: { email: user.email, password: TEST_PASSWORD, remember: false },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in for the fuzzer failed: ${res.statusCode} ${res.body}`);
  return cookiesFrom(res);
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function query<T>(ctx: TestContext, text: string): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(sql.raw(text)));
}

/** Which table a request's id names, by the key it is sent under. */
const TABLE_OF_KEY: [RegExp, string[]][] = [
  [/^(ticketId|billId|fromTicketId|ticketIds|toTicketId)$/, ['tickets']],
  [/^(lineId|lineIds)$/, ['ticket_lines']],
  [/^(itemId|menuItemId|menuItemIds)$/, ['menu_items']],
  [/^categoryId$/, ['menu_categories']],
  [/^groupId$/, ['option_groups']],
  [/^(optionId|optionIds)$/, ['options']],
  [/^(tableId|tableIds)$/, ['dining_tables']],
  [/^sectionId$/, ['sections']],
  [/^(userId|approverId|waiterId)$/, ['users']],
  [/^deviceId$/, ['shared_devices']],
  [/^batchId$/, ['kitchen_batches']],
  [/^courierId$/, ['couriers']],
  [/^(assignmentId|assignmentIds)$/, ['courier_assignments']],
  [/^ingredientId$/, ['ingredients']],
  [/^orderId$/, ['online_orders']],
];

/** The database's real ids and e-mails, read afresh before each route (earlier routes add and remove rows). */
export async function loadHints(world: FuzzWorld): Promise<ValueHints> {
  const { ctx, restaurantId, otherRestaurantId } = world;
  const tenantTables = await query<{ table_name: string }>(
    ctx,
    `select c.table_name from information_schema.columns c
      join information_schema.columns r on r.table_schema = c.table_schema and r.table_name = c.table_name and r.column_name = 'restaurant_id'
      where c.table_schema = 'public' and c.column_name = 'id' order by 1`,
  );
  const own = new Map<string, string[]>();
  const foreign: string[] = [];
  // one query for the tables that requests name ids of: up to 200 ids of each, the other restaurant's marked
  const named = new Set(TABLE_OF_KEY.flatMap(([, tables]) => tables));
  const union = tenantTables
    .filter(({ table_name: t }) => named.has(t))
    .map(({ table_name: t }) => `(select '${t}' as tbl, id::text as id, restaurant_id = '${restaurantId}' as mine from "${t}" where restaurant_id in ('${restaurantId}', '${otherRestaurantId}') order by id desc limit 200)`)
    .join(' union all ');
  for (const row of await query<{ tbl: string; id: string; mine: boolean }>(ctx, union)) {
    if (!row.mine) foreign.push(row.id);
    else own.set(row.tbl, [...(own.get(row.tbl) ?? []), row.id]);
  }
  const people = await query<{ id: string; email: string; mine: boolean }>(
    ctx,
    `select u.id::text as id, u.email, m.restaurant_id = '${restaurantId}' as mine from users u join memberships m on m.user_id = u.id order by u.created_at desc limit 300`,
  );
  own.set('users', people.filter((p) => p.mine).map((p) => p.id));
  foreign.push(...people.filter((p) => !p.mine).map((p) => p.id));
  const optionRows = await query<{ id: string }>(
    ctx,
    `select o.id::text as id from options o join option_groups g on g.id = o.group_id where g.restaurant_id = '${restaurantId}' limit 200`,
  ).catch(() => [] as { id: string }[]);
  own.set('options', optionRows.map((r) => r.id));
  const everyId = [...own.values()].flat();
  return {
    idsFor(key) {
      if (key === undefined) return everyId;
      const tables = TABLE_OF_KEY.find(([pattern]) => pattern.test(key))?.[1];
      const ids = tables ? tables.flatMap((t) => own.get(t) ?? []) : [];
      return ids.length > 0 ? ids : everyId;
    },
    foreignIds: foreign,
    emails: [...DEMO_ACCOUNTS.map((a) => a.email), ...people.slice(0, 20).map((p) => p.email)],
  };
}

/**
 * Tells which tables each request changed. A row trigger on every table sends a notification
 * naming its table; PostgreSQL delivers notifications only when the transaction commits, so a
 * rolled-back refusal sends nothing and what arrives is exactly what stayed in the database (an
 * update that leaves a row as it was sends nothing either). Reading them costs no query on PGlite
 * (they come with the commit's answer, before the app answers the request) and one round trip on
 * PostgreSQL (the listening connection's next answer comes after every notification already sent).
 */
export class ChangeTracker {
  private changed = new Set<string>();

  private constructor(
    private readonly ctx: TestContext,
    /** waits until every notification of the requests so far has arrived */
    private readonly settle: () => Promise<void>,
    readonly stop: () => Promise<void>,
  ) {}

  static async install(ctx: TestContext) {
    const tables = await query<{ table_name: string }>(
      ctx,
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const statements = [
      `create function fuzz_note_change() returns trigger language plpgsql as $$
       begin
         perform pg_notify('fuzz_changes', TG_TABLE_NAME);
         return null;
       end $$`,
    ];
    for (const { table_name: t } of tables) {
      statements.push(
        `create trigger fuzz_ins_del after insert or delete on "${t}" for each row execute function fuzz_note_change()`,
        `create trigger fuzz_upd after update on "${t}" for each row when (old.* is distinct from new.*) execute function fuzz_note_change()`,
      );
    }
    for (const statement of statements) await ctx.database.db.execute(sql.raw(statement));
    let tracker: ChangeTracker;
    const note = (table: string | undefined) => table && tracker.changed.add(table);
    const client = (ctx.database.db as unknown as { $client: unknown }).$client;
    if (ctx.database.driver === 'pglite') {
      const unlisten = await (client as PGlite).listen('fuzz_changes', note);
      tracker = new ChangeTracker(ctx, async () => {}, unlisten);
    } else {
      const listener = await (client as pg.Pool).connect();
      listener.on('notification', (n) => note(n.payload));
      await listener.query('listen fuzz_changes');
      tracker = new ChangeTracker(ctx, async () => void (await listener.query('select 1')), async () => listener.release());
    }
    return tracker;
  }

  /** The tables changed since the last call; empty when nothing was. */
  async changedSinceLast(): Promise<string[]> {
    await this.settle();
    const tables = [...this.changed].sort();
    this.changed.clear();
    return tables;
  }

  /**
   * One checksum per table of the whole database's content, ordered so that the same rows give the
   * same sum: the independent check, per route, that refusals left the data as it was.
   */
  async checksums(except: readonly string[]): Promise<Record<string, string>> {
    const tables = await query<{ table_name: string }>(
      this.ctx,
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const wanted = tables.map((t) => t.table_name).filter((t) => !except.includes(t));
    const union = wanted.map((t) => `select '${t}' as tbl, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as sum from "${t}" x`).join(' union all ');
    const rows = await query<{ tbl: string; sum: string }>(this.ctx, union);
    return Object.fromEntries(rows.map((r) => [r.tbl, r.sum]));
  }
}
