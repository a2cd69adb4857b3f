import { createHmac } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/ticket-contract';
import { buildApp } from '../../app';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo/demo-menu';
import { auditEvents, menuItemOptionGroups, menuItems, restaurants, tickets, userPreferences, users } from '../../db/schema';
import { seedDemo } from '../../demo/seed-demo';
import { createTestApp, freshDatabase, loginAs, type TestContext } from '../../test-support/test-app';
import { hashPassword } from '../auth';
import { publicTablesInDependencyOrder, rows } from './catalog';
import { backupKeyFile, backupKeyForReading, backupKeyForWriting } from './backup-key';
import {
  asUnsignedBackup,
  dumpToBuffer,
  linesOf,
  OTHER_BACKUP_KEY,
  readable,
  rehash,
  resign,
  snapshot,
  TEST_AUTH,
  TEST_BACKUP_KEY,
  TEST_BACKUP_KEY_HEX,
  totalRows,
} from './backup-test-kit';
import { migrateUpTo, shippedMigrationsFolder } from './migrate-to';
import { BACKUP_VERSION } from './dump';
import { BACKUP_MESSAGES, restoreDatabase, verifyBackup } from './restore';

const SEED_PASSWORD_COST = 2 ** 10;
const gunzipText = (file: Buffer) => gunzipSync(file).toString('utf8');
const WAITER = DEMO_ACCOUNTS.find((a) => a.role === 'waiter')!.email;

let source: TestContext;
let demoId: string;
let backup: Buffer;
/** the source as `backup` holds it (later tests write to the source) */
let backedUp: Awaited<ReturnType<typeof snapshot>>;
const opened: Database[] = [];

async function emptyDatabase() {
  const database = await freshDatabase();
  opened.push(database);
  return database;
}

/** The demo restaurant's API as its waiter, on any app. */
async function waiterApi(ctx: Pick<TestContext, 'app' | 'database'>, restaurantId: string) {
  const { cookies } = await loginAs(ctx as TestContext, WAITER, DEMO_PASSWORD);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url: `/api/restaurants/${restaurantId}${url}`, cookies, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    call,
    /** Pays what is left by card and closes: answers the bill number. */
    payAndClose: async (ticketId: string) => {
      let t = (await call('GET', `/tickets/${ticketId}`)) as Ticket;
      if (t.totals.remaining > 0) t = (await call('POST', `/tickets/${ticketId}/payments`, { method: 'card', amount: t.totals.remaining })) as Ticket;
      return ((await call('POST', `/tickets/${ticketId}/close`, { version: t.version })) as { billNumber: number }).billNumber;
    },
  };
}

/** A menu item the waiter can order without choosing an option. */
async function plainItem(db: Db, restaurantId: string) {
  const [item] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), sql`not exists (select 1 from ${menuItemOptionGroups} g where g.item_id = ${menuItems.id})`))
    .limit(1);
  return item.id;
}

/** A takeaway ordered, sent, paid and closed: five commands, each its own transaction. */
async function takeawayService(api: Awaited<ReturnType<typeof waiterApi>>, itemId: string, customer: string) {
  let t = (await api.call('POST', '/tickets', { type: 'takeaway', customer: { name: customer } })) as Ticket;
  t = (await api.call('POST', `/tickets/${t.id}/lines`, { version: t.version, lines: [{ menuItemId: itemId, quantity: 2 }] })) as Ticket;
  t = ((await api.call('POST', `/tickets/${t.id}/send`, { version: t.version })) as { ticket: Ticket }).ticket;
  return api.payAndClose(t.id);
}

beforeAll(async () => {
  source = await createTestApp();
  demoId = (await seedDemo(source.app, SEED_PASSWORD_COST)).restaurantId!;
  const db = source.database.db;
  // Some service of its own on top of the demo's: the bill the demo left asking for the check is closed.
  const api = await waiterApi(source, demoId);
  const [asking] = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.restaurantId, demoId), sql`${tickets.billRequestedAt} is not null`, eq(tickets.status, 'open')));
  // Values a JavaScript number or Date would change: they must come back as PostgreSQL wrote them
  // (set before the close: a closed bill keeps what it sealed, migration 0027).
  await db.execute(sql`update ${tickets} set service_charge_percent = 12.5, opened_at = '2026-11-25 10:11:12.123456+03' where id = ${asking.id}`);
  await api.payAndClose(asking.id);
  const [owner2] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner2@demo.local'));
  const [second] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, 'İkinci Şube'));
  await db.insert(userPreferences).values({ userId: owner2.id, restaurantId: second.id, value: sql`'{"buyuk": 123456789012345678901234567890.10, "kucuk": 1e-30, "metin": "satır\\nsonu \\"tırnak\\" ğüşİı", "bos": null}'::jsonb` });
  backup = await dumpToBuffer(db);
  backedUp = await snapshot(db);
});
afterAll(async () => {
  for (const d of opened) await d.close();
  await source.close();
});

describe('backup and restore', () => {
  it('a backup restored into an empty database holds every table row for row, and every sequence', async () => {
    const target = await emptyDatabase();
    const summary = await restoreDatabase(target.db, readable(backup), TEST_AUTH);
    const [before, after] = [await snapshot(source.database.db), await snapshot(target.db)];
    expect(after).toEqual(before);
    // every table of the schema is in the file, the bills and the audit log among them
    const tables = (await publicTablesInDependencyOrder(source.database.db)).map((t) => t.name);
    expect(Object.keys(summary.tables).sort()).toEqual([...tables].sort());
    expect(summary.tables.tickets).toBeGreaterThan(5);
    expect(summary.tables.payments).toBeGreaterThan(3);
    expect(summary.tables.audit_events).toBeGreaterThan(10);
    expect(summary.rows).toBe(await totalRows(source.database.db));
    expect(before.sequences.find((s) => s.name === 'audit_events_id_seq')?.value).toBeTruthy();
  });

  it('keeps exact values: big and tiny numbers in JSON, a 12.5 % service charge, microseconds', async () => {
    const target = await emptyDatabase();
    await restoreDatabase(target.db, readable(backup), TEST_AUTH);
    const [pref] = await rows<{ v: string }>(target.db, sql`select value::text as v from user_preferences where value ? 'kucuk'`);
    expect(pref.v).toBe('{"bos": null, "buyuk": 123456789012345678901234567890.10, "kucuk": 1e-30, "metin": "satır\\nsonu \\"tırnak\\" ğüşİı"}'.replace('1e-30', '0.000000000000000000000000000001'));
    const [t] = await rows<{ pct: string; at: string }>(
      target.db,
      sql`select service_charge_percent::text as pct, to_char(opened_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as at from tickets where opened_at = '2026-11-25 10:11:12.123456+03'`,
    );
    expect(t).toEqual({ pct: '12.50', at: '2026-11-25 07:11:12.123456' });
  });

  it('the restored copy works on: the waiter signs in, the next bill continues the numbering and the audit log its ids', async () => {
    const target = await emptyDatabase();
    await restoreDatabase(target.db, readable(backup), TEST_AUTH);
    const app = await buildApp({ database: target, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent' });
    try {
      await app.ready();
      const [{ last }] = await target.db.select({ last: restaurants.lastBillNumber }).from(restaurants).where(eq(restaurants.id, demoId));
      const [{ maxId }] = await target.db.select({ maxId: sql<string>`max(${auditEvents.id})::text` }).from(auditEvents);
      const api = await waiterApi({ app, database: target }, demoId);
      const billNumber = await takeawayService(api, await plainItem(target.db, demoId), 'Geri Yüklenen');
      expect(billNumber).toBe(last + 1);
      const [{ minNew }] = await target.db.select({ minNew: sql<string>`min(${auditEvents.id})::text` }).from(auditEvents).where(sql`${auditEvents.id} > ${maxId}`);
      expect(BigInt(minNew)).toBe(BigInt(maxId) + 1n);
    } finally {
      await app.close();
    }
  });

  it('a file cut short is refused, whatever the cut, and the target stays empty', async () => {
    const target = await emptyDatabase();
    for (const length of [backup.length - 1, backup.length - 20, Math.floor(backup.length / 2), 30]) {
      await expect(restoreDatabase(target.db, readable(backup.subarray(0, length)), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    }
    // the lines cut after a whole row (a well-formed gzip without its signature line)
    const withoutChecksum = gzipSync(`${linesOf(backup).slice(0, -5).join('\n')}\n`);
    await expect(restoreDatabase(target.db, readable(withoutChecksum), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    await expect(verifyBackup(readable(withoutChecksum), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    expect(await totalRows(target.db)).toBe(0);
  });

  it('a file with one byte changed is refused as changed and the target stays empty', async () => {
    const target = await emptyDatabase();
    const lines = linesOf(backup);
    const at = lines.findIndex((l) => l.includes('"amount_kurus": '));
    const edited = lines.map((l, i) => (i === at ? l.replace(/"amount_kurus": (\d)/, (_m, d: string) => `"amount_kurus": ${(Number(d) + 1) % 10}`) : l));
    expect(edited[at]).not.toBe(lines[at]);
    const file = gzipSync(`${edited.join('\n')}\n`);
    await expect(restoreDatabase(target.db, readable(file), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.forged);
    await expect(verifyBackup(readable(file), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.forged);
    // one byte of the compressed file itself
    const flipped = Buffer.from(backup);
    flipped[Math.floor(flipped.length / 2)] ^= 0x01;
    await expect(restoreDatabase(target.db, readable(flipped), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    expect(await totalRows(target.db)).toBe(0);
  });

  it('a file that is no Sofra backup is refused', async () => {
    const target = await emptyDatabase();
    await expect(restoreDatabase(target.db, readable(Buffer.from('merhaba')), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    await expect(restoreDatabase(target.db, readable(gzipSync('{"merhaba": 1}\n')), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.notBackup);
    expect(await totalRows(target.db)).toBe(0);
  });

  it('a database that is not empty is refused and nothing in it changes', async () => {
    const before = await snapshot(source.database.db);
    await expect(restoreDatabase(source.database.db, readable(backup), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.notEmpty);
    expect(await snapshot(source.database.db)).toEqual(before);
    // one row anywhere is enough
    const target = await emptyDatabase();
    await target.db.insert(restaurants).values({ name: 'Başka Lokanta' });
    const one = await snapshot(target.db);
    await expect(restoreDatabase(target.db, readable(backup), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.notEmpty);
    expect(await snapshot(target.db)).toEqual(one);
  });

  it("a backup of another schema is refused; an older Sofra's backup (fewer migrations) is restored", async () => {
    const header = (lines: string[]) => JSON.parse(lines[0]) as { migrations: { hash: string; createdAt: string }[] };
    const withMigrations = (change: (m: { hash: string; createdAt: string }[]) => unknown) =>
      resign(backup, (lines) => {
        const h = header(lines);
        return [JSON.stringify({ ...h, migrations: change(h.migrations) }), ...lines.slice(1)];
      });
    const target = await emptyDatabase();
    const count = header(linesOf(backup)).migrations.length;
    await expect(restoreDatabase(target.db, readable(withMigrations((m) => [...m, { hash: 'f'.repeat(64), createdAt: '1' }])), TEST_AUTH)).rejects.toThrow(
      BACKUP_MESSAGES.newerSchema(count + 1, count),
    );
    await expect(restoreDatabase(target.db, readable(withMigrations((m) => m.map((x, i) => (i === 2 ? { ...x, hash: '0'.repeat(64) } : x)))), TEST_AUTH)).rejects.toThrow(
      BACKUP_MESSAGES.otherSchema(3),
    );
    expect(await totalRows(target.db)).toBe(0);
    await restoreDatabase(target.db, readable(withMigrations((m) => m.slice(0, -1))), TEST_AUTH);
    expect((await snapshot(target.db)).tables).toEqual((await snapshot(source.database.db)).tables);
  });

  it("an older Sofra's backup, restored at its own migrations and then upgraded, equals the old database upgraded in place", async () => {
    const bare = () => {
      const client = new PGlite();
      return { db: drizzle(client, { schema }) as Db, driver: 'pglite' as const, close: () => client.close() };
    };
    const journal = JSON.parse(await fs.readFile(path.join(shippedMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const all = journal.entries.length;
    const [old, copy] = [bare(), bare()];
    try {
      // an older Sofra's database: every migration but the last, with rows written in its time
      await migrateUpTo(old, all - 1);
      await old.db.execute(sql`insert into restaurants (name) values ('Eski Lokanta'), ('Eski Şube')`);
      await old.db.execute(
        sql`insert into audit_events (restaurant_id, action, entity) select id, 'restaurant.create', 'restaurant' from restaurants cross join generate_series(1, 3)`,
      );
      const file = await dumpToBuffer(old.db);
      expect(JSON.parse(linesOf(file)[0]).migrations).toHaveLength(all - 1);

      await migrateUpTo(copy, all - 1);
      await restoreDatabase(copy.db, readable(file), TEST_AUTH);
      await migrateUpTo(copy, all);
      await migrateUpTo(old, all);
      expect(await snapshot(copy.db)).toEqual(await snapshot(old.db));
    } finally {
      await old.close();
      await copy.close();
    }
  });

  it('a backup taken while the restaurant keeps working is one instant: every payment with its audit row, every bill with its number', async () => {
    const db = source.database.db;
    const api = await waiterApi(source, demoId);
    const itemId = await plainItem(db, demoId);
    let work: Promise<number[]> | undefined;
    const file = await dumpToBuffer(db, {
      onTable: async () => {
        if (work) return;
        work = Promise.all([1, 2, 3, 4].map((n) => takeawayService(api, itemId, `Eşzamanlı ${n}`)));
        // On PostgreSQL the service runs through other connections while the dump waits here. PGlite
        // has one connection: the service queues behind the dump's transaction, so waiting would
        // never end; there the backup is one instant by construction.
        if (source.database.driver === 'postgres') await work;
      },
    });
    const closed = await work!;
    expect(closed).toHaveLength(4);

    const copy = await emptyDatabase();
    await restoreDatabase(copy.db, readable(file), TEST_AUTH);
    const unmatchedPayments = await rows<{ n: number }>(
      copy.db,
      sql`select count(*)::int as n from payments p
          where (select count(*) from audit_events a where a.action = 'ticket.payment' and a.after->>'paymentId' = p.id::text) <> 1`,
    );
    const unmatchedAudits = await rows<{ n: number }>(
      copy.db,
      sql`select count(*)::int as n from audit_events a
          where a.action = 'ticket.payment' and not exists (select 1 from payments p where p.id::text = a.after->>'paymentId')`,
    );
    expect(unmatchedPayments[0].n + unmatchedAudits[0].n).toBe(0);
    const bills = await rows<{ restaurant: string; last: number; issued: number; highest: number | null; closes: number; unpaid: number }>(
      copy.db,
      sql`select r.id as restaurant, r.last_bill_number as last,
                 (select count(*)::int from tickets t where t.restaurant_id = r.id and t.bill_number is not null) as issued,
                 (select max(t.bill_number) from tickets t where t.restaurant_id = r.id) as highest,
                 (select count(*)::int from audit_events a where a.restaurant_id = r.id and a.action = 'ticket.close') as closes,
                 (select count(*)::int from tickets t where t.restaurant_id = r.id and t.status = 'closed'
                    and (select coalesce(sum(p.amount_kurus), 0) from payments p where p.ticket_id = t.id) <>
                        (select (a.after->>'total')::int from audit_events a where a.entity_id = t.id::text and a.action = 'ticket.close' order by a.id desc limit 1)) as unpaid
          from restaurants r`,
    );
    for (const b of bills) {
      expect(b.issued).toBe(b.last);
      expect(b.highest ?? 0).toBe(b.last);
      expect(b.closes).toBe(b.last);
      expect(b.unpaid).toBe(0);
    }
    // On PostgreSQL the four bills were closed while the dump ran: the copy holds none of them.
    const demo = bills.find((b) => b.restaurant === demoId)!;
    const [now] = await source.database.db.select({ last: restaurants.lastBillNumber }).from(restaurants).where(eq(restaurants.id, demoId));
    if (source.database.driver === 'postgres') expect(demo.last).toBe(now.last - 4);
  });
});

/** The waiter's users row with its password hash swapped for `hash`: what the reported attack did. */
const plantPasswordHash = (hash: string) => (lines: string[]) => {
  const at = lines.findIndex((l) => l.startsWith('{"t":"users","r":') && l.includes(`"email": ${JSON.stringify(WAITER)}`));
  expect(at).toBeGreaterThan(0);
  const swapped = lines[at].replace(/"password_hash": "[^"]+"/, `"password_hash": ${JSON.stringify(hash)}`);
  expect(swapped).not.toBe(lines[at]);
  return lines.map((l, i) => (i === at ? swapped : l));
};

/** Whether the waiter signs in with `password` on a copy restored into `database`. */
async function waiterSignsIn(database: Database, password: string) {
  const app = await buildApp({ database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent' });
  try {
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: WAITER, password } });
    return res.statusCode === 200;
  } finally {
    await app.close();
  }
}

describe('signed backups (the backup key)', () => {
  it('a backup is version 2 and ends in an HMAC-SHA256, with the backup key, of every byte before its last line', () => {
    const text = gunzipText(backup);
    const last = text.lastIndexOf('\n', text.length - 2) + 1;
    expect(JSON.parse(linesOf(backup)[0]).version).toBe(BACKUP_VERSION);
    expect(BACKUP_VERSION).toBe(2);
    expect(JSON.parse(text.slice(last))).toEqual({ 'hmac-sha256': createHmac('sha256', TEST_BACKUP_KEY).update(text.slice(0, last), 'utf8').digest('hex') });
  });

  it("the attack: a waiter's password hash swapped in the file is refused however the file is remade, and the target stays as it was", async () => {
    const PLANTED = 'ele-gecirildi-123';
    const swap = plantPasswordHash(await hashPassword(PLANTED, SEED_PASSWORD_COST));
    const forgeries = {
      'the line edited, the signature left as it was': gzipSync(`${[...swap(linesOf(backup).slice(0, -1)), linesOf(backup).at(-1)].join('\n')}\n`),
      'its SHA-256 recomputed (what the attack did)': rehash(backup, swap),
      'signed again with another key': resign(backup, swap, OTHER_BACKUP_KEY),
    };
    const target = await emptyDatabase();
    const before = await snapshot(target.db);
    for (const [how, file] of Object.entries(forgeries)) {
      await expect(verifyBackup(readable(file), TEST_AUTH), how).rejects.toThrow(BACKUP_MESSAGES.forged);
      await expect(restoreDatabase(target.db, readable(file), TEST_AUTH), how).rejects.toThrow(BACKUP_MESSAGES.forged);
      // even where unsigned backups are accepted: a version-2 file must carry its signature
      await expect(restoreDatabase(target.db, readable(file), { ...TEST_AUTH, acceptUnsigned: true }), how).rejects.toThrow(BACKUP_MESSAGES.forged);
    }
    // dressed up as an old unsigned backup: refused unless the person restoring explicitly accepts one
    await expect(restoreDatabase(target.db, readable(asUnsignedBackup(backup, swap)), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.unsigned);
    expect(await snapshot(target.db)).toEqual(before);

    // What the refusals prevent: the very file, were it taken in, lets the planted password sign in.
    const taken = await emptyDatabase();
    await restoreDatabase(taken.db, readable(asUnsignedBackup(backup, swap)), { key: null, acceptUnsigned: true });
    expect(await waiterSignsIn(taken, PLANTED)).toBe(true);
  });

  it('a genuine backup is refused with another restaurant\'s key, as changed or made with another key', async () => {
    const target = await emptyDatabase();
    await expect(verifyBackup(readable(backup), { key: OTHER_BACKUP_KEY })).rejects.toThrow(BACKUP_MESSAGES.forged);
    await expect(restoreDatabase(target.db, readable(backup), { key: OTHER_BACKUP_KEY })).rejects.toThrow(BACKUP_MESSAGES.forged);
    expect(BACKUP_MESSAGES.forged).toMatch(/değiştirilmiş ya da başka bir yedek anahtarıyla alınmış/);
    expect(await totalRows(target.db)).toBe(0);
    // and with its own key it restores
    await restoreDatabase(target.db, readable(backup), TEST_AUTH);
    expect(await snapshot(target.db)).toEqual(backedUp);
  });

  it('without a key a signed backup is refused, saying where the key is expected and about SOFRA_BACKUP_KEY; nothing is restored', async () => {
    const target = await emptyDatabase();
    const keyFile = '/srv/sofra/data/secrets/backup.key';
    await expect(restoreDatabase(target.db, readable(backup), { key: null, keyFile })).rejects.toThrow(BACKUP_MESSAGES.noKey(keyFile));
    await expect(verifyBackup(readable(backup), { key: null, keyFile })).rejects.toThrow(BACKUP_MESSAGES.noKey(keyFile));
    // accepting unsigned backups does not let a signed one through unchecked
    await expect(restoreDatabase(target.db, readable(backup), { key: null, acceptUnsigned: true })).rejects.toThrow(BACKUP_MESSAGES.noKey());
    expect(BACKUP_MESSAGES.noKey(keyFile)).toContain(keyFile);
    expect(BACKUP_MESSAGES.noKey(keyFile)).toContain('SOFRA_BACKUP_KEY');
    expect(BACKUP_MESSAGES.noKey()).toContain('SOFRA_BACKUP_KEY');
    expect(await totalRows(target.db)).toBe(0);
  });

  it('an old unsigned (version 1) backup is refused unless accepted; accepted, it restores only while its SHA-256 holds', async () => {
    const old = asUnsignedBackup(backup);
    expect(JSON.parse(linesOf(old).at(-1)!)).toHaveProperty('sha256');
    const target = await emptyDatabase();
    await expect(verifyBackup(readable(old), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.unsigned);
    await expect(restoreDatabase(target.db, readable(old), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.unsigned);
    expect(BACKUP_MESSAGES.unsigned).toContain('--imzasiz-yedegi-kabul-et');
    // one digit changed, checksum not remade: damaged, accepted or not
    const lines = linesOf(old);
    const at = lines.findIndex((l) => l.includes('"amount_kurus": '));
    const damaged = gzipSync(`${lines.map((l, i) => (i === at ? l.replace(/"amount_kurus": (\d)/, (_m, d: string) => `"amount_kurus": ${(Number(d) + 1) % 10}`) : l)).join('\n')}\n`);
    await expect(verifyBackup(readable(damaged), { key: null, acceptUnsigned: true })).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    await expect(restoreDatabase(target.db, readable(damaged), { key: null, acceptUnsigned: true })).rejects.toThrow(BACKUP_MESSAGES.corrupt);
    expect(await totalRows(target.db)).toBe(0);
    // accepted explicitly, and whole: restored, key or no key
    expect((await verifyBackup(readable(old), { key: null, acceptUnsigned: true })).version).toBe(1);
    await restoreDatabase(target.db, readable(old), { key: null, acceptUnsigned: true });
    expect(await snapshot(target.db)).toEqual(backedUp);
  });
});

describe('the backup key', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sofra-yedek-anahtari-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('is made on first need in DATA_DIR/secrets/backup.key, readable by its owner only, announced once, and read back after', async () => {
    const said: string[] = [];
    const file = backupKeyFile(dataDir);
    expect(file).toBe(path.join(dataDir, 'secrets', 'backup.key'));
    // reading never makes one: a new key would only refuse every backup there is
    expect(backupKeyForReading({ dataDir })).toBeNull();
    expect(existsSync(file)).toBe(false);

    const key = backupKeyForWriting({ dataDir }, (m) => said.push(m));
    expect(key).toHaveLength(32);
    expect((await fs.readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect(said).toEqual([BACKUP_MESSAGES.keyCreated(file)]);
    expect(said[0]).toContain(file);
    expect(said[0]).toMatch(/yedeklerden ayrı bir yerde saklayın \(bir USB bellek, bir parola yöneticisi\)/);

    expect(backupKeyForWriting({ dataDir }, (m) => said.push(m))).toEqual(key);
    expect(backupKeyForReading({ dataDir })).toEqual(key);
    expect(said).toHaveLength(1);
    expect((await fs.readdir(path.dirname(file))).sort()).toEqual(['backup.key']);
  });

  it('SOFRA_BACKUP_KEY overrides the file; a malformed one, or none without a data directory, is refused in Turkish', async () => {
    const fileKey = backupKeyForWriting({ dataDir }, () => {});
    expect(backupKeyForWriting({ dataDir, envKey: TEST_BACKUP_KEY_HEX }, () => {})).toEqual(TEST_BACKUP_KEY);
    expect(backupKeyForReading({ dataDir, envKey: TEST_BACKUP_KEY_HEX })).toEqual(TEST_BACKUP_KEY);
    expect(fileKey).not.toEqual(TEST_BACKUP_KEY);
    expect(() => backupKeyForReading({ envKey: 'abc123' })).toThrow(BACKUP_MESSAGES.badKey('SOFRA_BACKUP_KEY'));
    expect(() => backupKeyForWriting({ envKey: 'z'.repeat(64) }, () => {})).toThrow(BACKUP_MESSAGES.badKey('SOFRA_BACKUP_KEY'));
    expect(() => backupKeyForWriting({}, () => {})).toThrow(BACKUP_MESSAGES.noKeyForBackup);
    expect(BACKUP_MESSAGES.noKeyForBackup).toContain('SOFRA_BACKUP_KEY');
    expect(backupKeyForReading({})).toBeNull();
  });

  it('a backup signed with the key made in DATA_DIR restores with that key read back', async () => {
    const file = await dumpToBuffer(source.database.db, undefined, backupKeyForWriting({ dataDir }, () => {}));
    const key = backupKeyForReading({ dataDir });
    expect((await verifyBackup(readable(file), { key })).tables.users).toBeGreaterThan(0);
    await expect(verifyBackup(readable(file), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.forged);
  });
});
