import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { auditEvents, restaurants, tickets } from '../../db/schema';
import { appendAuditRows } from './append-audit';
import { CHAIN_MESSAGES, verifyChains } from './verify';

/*
 * A database from before the chain (migrations up to 0009, with audit rows and closed bills) taken
 * through 0010: the old rows get their places but no hashes, the verifier counts them apart, and
 * the first row written afterwards starts the chain.
 */
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
let dir: string;
let client: PGlite;
let pglite: ReturnType<typeof drizzle<typeof schema>>;
let db: Db;

/** The migrations folder as it was before 0010. */
function migrationsBefore0010() {
  const before = path.join(dir, 'migrations');
  cpSync(MIGRATIONS, before, { recursive: true });
  rmSync(path.join(before, '0010_hash_chain.sql'));
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0010');
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sofra-chain-upgrade-'));
  client = new PGlite();
  pglite = drizzle(client, { schema });
  db = pglite;
  await migrate(pglite, { migrationsFolder: migrationsBefore0010() });
});
afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

it('old rows and bills are numbered, counted apart and never checked; the chain starts after them', async () => {
  const [a, b] = await Promise.all(['Eski Lokanta', 'Eski Kebapçı'].map(async (name) => (await client.query<{ id: string }>('insert into restaurants (name) values ($1) returning id', [name])).rows[0].id));
  for (const [restaurantId, n] of [[a, 3], [b, 2]] as const) {
    for (let i = 0; i < n; i++) {
      await client.query(`insert into audit_events (restaurant_id, action, entity, entity_id, after) values ($1, 'ticket.close', 'ticket', $2, '{"billNumber": 1}')`, [restaurantId, `t${i}`]);
    }
  }
  await client.query(`insert into tickets (restaurant_id, number, type, status, bill_number, closed_at) values ($1, 1, 'takeaway', 'closed', 1, now())`, [a]);
  await client.query(`update restaurants set last_bill_number = 1 where id = $1`, [a]);

  await migrate(pglite, { migrationsFolder: MIGRATIONS });

  const seqs = await db.select({ restaurantId: auditEvents.restaurantId, seq: auditEvents.seq, hash: auditEvents.hash }).from(auditEvents).orderBy(asc(auditEvents.id));
  expect(seqs.filter((r) => r.restaurantId === a).map((r) => r.seq)).toEqual([1, 2, 3]);
  expect(seqs.filter((r) => r.restaurantId === b).map((r) => r.seq)).toEqual([1, 2]);
  expect(seqs.every((r) => r.hash === null)).toBe(true);
  // the append-only trigger is back on after the migration's one update
  await expect(db.update(auditEvents).set({ reason: 'sonradan' }).where(eq(auditEvents.restaurantId, a))).rejects.toThrow();

  await db.transaction((tx) =>
    appendAuditRows(tx, a, [{ actorUserId: null, actorRole: 'owner', approverUserId: null, action: 'menu.item.update', entity: 'menu_item', entityId: 'x', before: null, after: { ad: 'Lahmacun' }, reason: null }]),
  );
  expect(await verifyChains(db, a)).toEqual({ auditRows: 4, auditRowsBeforeChain: 3, bills: 1, billsBeforeChain: 1, firstBroken: null, brokenChains: [] });
  expect(await verifyChains(db, b)).toEqual({ auditRows: 2, auditRowsBeforeChain: 2, bills: 0, billsBeforeChain: 0, firstBroken: null, brokenChains: [] });

  // an old row deleted still shows: the numbers have a gap
  await db.execute(sql`alter table audit_events disable trigger all`);
  await db.delete(auditEvents).where(and(eq(auditEvents.restaurantId, b), eq(auditEvents.seq, 1)));
  await db.execute(sql`alter table audit_events enable trigger all`);
  expect((await verifyChains(db, b)).firstBroken).toMatchObject({ kind: 'audit', seq: 2, reason: CHAIN_MESSAGES.seqGap(1, 1) });
  expect(await db.$count(tickets, eq(tickets.restaurantId, a))).toBe(1);
  expect(await db.$count(restaurants)).toBe(2);
});
