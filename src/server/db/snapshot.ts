import type { Transaction } from 'kysely';
import type { Database, Db } from './schema';

/**
 * Reads that must agree with each other (the audit: orders against their fund-log rows) run in one
 * read-only transaction: they see one committed state, never half of a transaction that commits
 * between two of them. PostgreSQL: REPEATABLE READ, READ ONLY; SQLite: a deferred read transaction
 * (groupCommit.ts), which the isolation level does not change.
 */
export function inSnapshot<T>(db: Db, read: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}
