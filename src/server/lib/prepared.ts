import type { Query, SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A statement Drizzle prepared: run with the values of its placeholders. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * What Drizzle keeps on a database or a transaction object at run time but leaves out of its types:
 * the session (whose client is the transaction's connection) and the dialect that turns SQL into text.
 */
interface DrizzleInternals {
  session: { client: object; prepareQuery(query: Query, fields: undefined, name: string, isResponseInArrayMode: boolean): Prepared<unknown> };
  dialect: PgDialect;
}
const internals = (tx: Db) => tx as unknown as DrizzleInternals;

/**
 * A hot statement of the command pipeline, prepared once per database connection instead of on
 * every command: Drizzle builds its text once, and PostgreSQL, given its name, parses and plans it
 * once per connection (node-postgres remembers which names each connection has parsed). On
 * Mutfağa Gönder that building, parsing and planning cost more than the statements' execution
 * (bench/RESULTS.md).
 *
 * A transaction's statements must run on its own connection, so the prepared statement is kept per
 * connection: a pool hands the same connections out again and again. (PGlite opens a new
 * transaction object each time; its statements are simply built each time, as before.)
 *
 * `build` must take every value that changes from `sql.placeholder(...)`: it runs once per
 * connection, so a value it closed over would be reused for every later command on that
 * connection. That is why statements are declared at module level, where no request is in scope.
 */
export function preparedPerConnection<R>(name: string, build: (tx: Db, name: string) => Prepared<R>) {
  const byConnection = new WeakMap<object, Prepared<R>>();
  return (tx: Db, values: Record<string, unknown>): Promise<R> => {
    const connection = internals(tx).session.client;
    let statement = byConnection.get(connection);
    if (!statement) byConnection.set(connection, (statement = build(tx, name)));
    return statement.execute(values);
  };
}

/**
 * preparedPerConnection for a statement written in SQL; answers the driver's rows. `query` is
 * called when the statement is first built, not when the module loads (the fragments it uses may
 * come from modules that load later).
 */
export function preparedSql<Row>(name: string, query: () => SQL) {
  const run = preparedPerConnection(name, (tx) => {
    const { session, dialect } = internals(tx);
    return session.prepareQuery(dialect.sqlToQuery(query()), undefined, name, false);
  });
  return async (tx: Db, values: Record<string, unknown>) => ((await run(tx, values)) as { rows: Row[] }).rows;
}
