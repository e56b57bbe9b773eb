/** Brings the schema to the latest version; run by the server and the admin command at start. */
import { Migrator } from 'kysely';
import { allMigrations } from './migrations';
import type { Db, Dialect } from './schema';

export class MigrationError extends Error {}

function migratorOf(db: Db, dialect: Dialect): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => allMigrations(dialect) } });
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const migrator = migratorOf(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : error === undefined ? 'unknown' : JSON.stringify(error);
    throw new MigrationError(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations this code knows that the database has not run (a server older than its schema's code). */
export async function pendingMigrations(db: Db, dialect: Dialect): Promise<string[]> {
  const migrations = await migratorOf(db, dialect).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
