/** Every row of every table, so a refusal can be shown to have changed nothing at all. */
import { sql } from 'kysely';
import type { TestServer } from './server';

/**
 * The request counters of the limited paths count every request, refused or not (a limit counts
 * tries, not successes): they are the one table a refusal is meant to change.
 */
export const COUNTS_EVERY_REQUEST = ['rate_counters'] as const;

export async function databaseState(
  server: TestServer,
  ignore: readonly string[] = COUNTS_EVERY_REQUEST,
): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = {};
  for (const table of await server.deps.db.introspection.getTables()) {
    if (ignore.includes(table.name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(server.deps.db);
    state[table.name] = rows
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)))
      .sort();
  }
  return state;
}
