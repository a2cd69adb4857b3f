import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Independent reads: side by side on the pool (each on its own connection), one after another
 * inside a transaction. A transaction is one connection, and pg takes only one query at a time on a
 * connection (it queues a second today with a deprecation warning, and will refuse it in pg 9), so
 * the reads that serve a screen can also serve a command's answer without knowing which they do.
 */
export async function readAll<const T extends readonly (() => PromiseLike<unknown>)[]>(db: Db, reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}
