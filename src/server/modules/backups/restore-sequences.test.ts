import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, freshDatabase, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { dumpToBuffer, readable, TEST_AUTH } from './backup-test-kit';
import { columnSequences, rows, sequenceValues } from './catalog';
import { restoreDatabase } from './restore';

/*
 * After a restore every id sequence continues past what the backed-up sequence had handed out,
 * not just past the largest id still in a table (restore.ts restoreSequences). Ids handed out to a
 * transaction that rolled back, or to a row deleted since, are not in any table; were they handed
 * out again, a new row would take an id that an audit entry, a log line or a printed slip already
 * named. Here the ids are taken with nextval and never used, so the largest id is behind the
 * sequence.
 */
let source: TestContext;
let target: Database | null = null;
beforeAll(async () => {
  source = await createTestApp();
  await staffedRestaurant(source); // some rows, audit rows among them
});
afterAll(async () => {
  await target?.close();
  await source.close();
});

describe('a restore', () => {
  it('keeps every id sequence ahead of the ids the backed-up database had handed out, rows or not', async () => {
    const db = source.database.db;
    const feeding = await columnSequences(db);
    expect(feeding.map((s) => s.sequence)).toContain('audit_events_id_seq');
    // ids handed out and never stored (a rolled-back insert takes its id all the same)
    for (const { sequence } of feeding) {
      for (let i = 0; i < 3; i++) await db.execute(sql`select nextval(${`public.${sequence}`}::regclass)`);
    }
    const handedOut = await sequenceValues(db);
    for (const { sequence, table, column } of feeding) {
      const [{ max }] = await rows<{ max: string | null }>(db, sql.raw(`select max("${column}")::text as max from public."${table}"`));
      expect(BigInt(handedOut[sequence]!)).toBeGreaterThan(BigInt(max ?? '0'));
    }
    const backup = await dumpToBuffer(db);

    target = await freshDatabase();
    await restoreDatabase(target.db, readable(backup), TEST_AUTH);
    for (const { sequence } of feeding) {
      const [{ next }] = await rows<{ next: string }>(target.db, sql`select nextval(${`public.${sequence}`}::regclass)::text as next`);
      expect(BigInt(next), sequence).toBe(BigInt(handedOut[sequence]!) + 1n);
    }
  });
});
