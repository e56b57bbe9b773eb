/**
 * Whether the database can serve members (the /readyz probe): it answers, and its schema is the
 * one this code expects (no migration left to run).
 */
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate';
import type { Deps } from './deps';

type Check = 'ok' | 'failing';

export interface DatabaseHealth {
  database: Check;
  migrations: Check;
  /** What failed, in words for the operator. */
  problems: string[];
}

export async function databaseHealth(deps: Pick<Deps, 'db' | 'dialect'>): Promise<DatabaseHealth> {
  try {
    await sql`select 1`.execute(deps.db);
    const pending = await pendingMigrations(deps.db, deps.dialect);
    if (pending.length > 0) {
      return { database: 'ok', migrations: 'failing', problems: [`migrations not run: ${pending.join(', ')}`] };
    }
    return { database: 'ok', migrations: 'ok', problems: [] };
  } catch (error) {
    const problem = `database: ${error instanceof Error ? error.message : String(error)}`;
    return { database: 'failing', migrations: 'failing', problems: [problem] };
  }
}
