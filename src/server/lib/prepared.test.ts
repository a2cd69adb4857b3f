import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { preparedPerConnection, preparedSql } from './prepared';

/**
 * A statement prepared per connection must take each call's values (never the first call's), run
 * on the transaction's own connection, and on PostgreSQL be built and parsed once per connection.
 */
const plusOne = preparedSql<{ y: number; mark: string | null }>(
  'test_plus_one',
  () => sql`select ${sql.placeholder('x')}::int + 1 as y, current_setting('sofra.test_mark', true) as mark`,
);
/** The statement sees the transaction's own setting only when it runs in that transaction. */
const inTransaction = (db: Db, x: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('sofra.test_mark', ${`tx-${x}`}, true)`);
    const [{ y, mark }] = await plusOne(tx, { x });
    return { y, mark };
  });

describe('a statement prepared per connection (PGlite)', () => {
  const client = new PGlite();
  const db: Db = drizzlePglite(client, { schema });
  afterAll(() => client.close());

  it('takes each call its own values, inside the transaction', async () => {
    for (const x of [1, 41, -5]) expect(await inTransaction(db, x)).toEqual({ y: x + 1, mark: `tx-${x}` });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a statement prepared per connection (PostgreSQL)', () => {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
  const db: Db = drizzlePg(pool, { schema });
  afterAll(() => pool.end());

  it('is built once for the connection, takes each call its own values and is a named statement there', async () => {
    const build = vi.fn((tx: Db, name: string) => tx.select({ y: sql<number>`${sql.placeholder('x')}::int * 2` }).from(sql`(select 1) as one`).prepare(name));
    const double = preparedPerConnection('test_double', build);
    const results = [];
    for (const x of [2, 7, 10]) results.push(await db.transaction(async (tx) => (await double(tx, { x }))[0].y));
    expect(results).toEqual([4, 14, 20]);
    expect(build).toHaveBeenCalledTimes(1); // one connection in the pool: one build
    const { rows } = await pool.query(`select name from pg_prepared_statements where name = 'test_double'`);
    expect(rows).toEqual([{ name: 'test_double' }]);
  });

  it('runs inside the transaction it is given', async () => {
    expect(await inTransaction(db, 9)).toEqual({ y: 10, mark: 'tx-9' });
  });
});
