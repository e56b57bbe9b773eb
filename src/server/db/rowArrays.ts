/**
 * Rows as arrays, for the reads of a whole round or table (settlement, the audit: 100,000 rows).
 * better-sqlite3 builds an object per row with a property per column; on such a read that costs
 * about as much as SQLite's own work, and its raw mode (arrays) less than half of it. The
 * group-commit driver (groupCommit.ts) runs a query marked here in raw mode. PostgreSQL rows come
 * as objects (Kysely's driver has no array mode) and are turned into arrays here, so both dialects
 * hand the caller the same tuples: the selected columns in the order selected (their names must
 * differ, as in any row object, and not be numbers, which an object would list first).
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './schema';

const ROWS_AS_ARRAYS = Symbol('rows as arrays');

type MarkedQuery = CompiledQuery & { readonly [ROWS_AS_ARRAYS]?: true };

/** Whether the caller asked for arrays (a driver that cannot ignores this: rowsAsArrays converts). */
export function wantsArrays(query: CompiledQuery): boolean {
  return (query as MarkedQuery)[ROWS_AS_ARRAYS] === true;
}

export async function rowsAsArrays<T extends readonly unknown[]>(db: Db, query: Compilable<unknown>): Promise<T[]> {
  const marked: MarkedQuery = { ...query.compile(), [ROWS_AS_ARRAYS]: true };
  const { rows } = await db.executeQuery<unknown>(marked);
  if (rows.length === 0 || Array.isArray(rows[0])) return rows as T[];
  return rows.map((row) => Object.values(row as Record<string, unknown>)) as unknown as T[];
}
