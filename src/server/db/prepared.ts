/**
 * Hot statements compiled once. Kysely builds and compiles every query anew (tens of microseconds
 * each); on the order path that costs more than SQLite's own work. A prepared query is written with
 * the query builder as usual, with named markers in place of values; it is compiled on first use
 * per dialect, and later calls only bind the values in the recorded order. With the SQLite
 * statement cache this makes them true prepared statements.
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

const MARK = '\u0000prepared:';

type Values = Record<string, unknown>;

interface Compiled<V> {
  sql: string;
  order: (keyof V)[];
}

/** A marker standing for a named value; typed as the value so the builder accepts it. */
export type Param<V extends Values> = <K extends keyof V & string>(name: K) => V[K];

export function prepared<V extends Values, R>(
  build: (db: Kysely<Database>, param: Param<V>) => Compilable<R>,
): (db: Kysely<Database>, values: V) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter: the SQL text depends only on the dialect, and a transaction
  // shares its database's adapter.
  const byAdapter = new Map<unknown, Compiled<V>>();
  const param: Param<V> = (name) => `${MARK}${name}` as never;
  return (db, values) => {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const query = build(db, param).compile();
      const order = query.parameters.map((value) => {
        if (typeof value !== 'string' || !value.startsWith(MARK)) {
          throw new Error(`prepared query with a value that is not a marker: ${query.sql}`);
        }
        return value.slice(MARK.length);
      });
      compiled = { sql: query.sql, order };
      byAdapter.set(adapter, compiled);
    }
    const parameters = compiled.order.map((name) => values[name]);
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
