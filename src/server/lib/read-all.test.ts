import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { readAll } from './read-all';

/**
 * readAll runs a screen's independent reads side by side on the pool, and one after another in a
 * transaction (one connection: pg takes one query at a time on it).
 */
describe('readAll', () => {
  const client = new PGlite();
  const db: Db = drizzlePglite(client, { schema });
  afterAll(() => client.close());

  /** A read that says when it started and ended, and yields to the event loop in between. */
  const traced = (log: string[], name: string, value: number) => async () => {
    log.push(`${name}+`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`${name}-`);
    return value;
  };

  it('starts every read at once outside a transaction, and answers in the order asked', async () => {
    const log: string[] = [];
    expect(await readAll(db, [traced(log, 'a', 1), traced(log, 'b', 2)])).toEqual([1, 2]);
    expect(log.slice(0, 2)).toEqual(['a+', 'b+']);
  });

  it('runs them one after another inside a transaction, with the transaction’s own view', async () => {
    const log: string[] = [];
    const answer = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('sofra.read_all', 'tx', true)`);
      return readAll(tx, [traced(log, 'a', 1), () => tx.execute(sql`select current_setting('sofra.read_all', true) as v`), traced(log, 'b', 2)]);
    });
    expect(log).toEqual(['a+', 'a-', 'b+', 'b-']);
    expect(answer[0]).toBe(1);
    expect((answer[1] as { rows: { v: string }[] }).rows[0].v).toBe('tx');
    expect(answer[2]).toBe(2);
  });
});
