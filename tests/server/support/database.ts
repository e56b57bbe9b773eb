/**
 * A fresh, migrated and seeded database for a test: a new SQLite file in a temp folder, or, in
 * the server-pg project, a new database in the throwaway PostgreSQL cluster of pg/global-setup.ts.
 * Its draw secret file lives in a temp folder of its own, outside the data folder, as in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, openSqlite } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { allMigrations } from '../../../src/server/db/migrations';
import type { Db, Dialect } from '../../../src/server/db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster (server-pg project only). */
    pgAdminUrl: string;
  }
}

export const TEST_DIALECT: Dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Db;
  dialect: Dialect;
  /** A temp folder that is removed at close (the SQLite file lives here). */
  dir: string;
  /** The draw secret file (DRAW_SECRET_FILE), not made yet: the server makes it at its first start. */
  secretFile: string;
  /** Environment that points the admin command at this database and its draw secret. */
  env: Record<string, string>;
  close(): Promise<void>;
}

async function adminQuery(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/**
 * pg's pool.end() resolves before its connections are gone on the server; a FORCE drop in that
 * moment kills them and their clients raise an unhandled 57P01. Wait for them to leave first.
 */
async function waitForNoConnections(name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await adminQuery('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if ((rows[0] as { n: number }).n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every migration, or (to test an upgrade) those up to and including `upTo`. */
async function migrate(db: Db, dialect: Dialect, upTo?: string): Promise<void> {
  if (upTo === undefined) {
    await migrateToLatest(db, dialect);
    return;
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations(dialect) } });
  const { error } = await migrator.migrateTo(upTo);
  if (error) throw error instanceof Error ? error : new Error(`migration to ${upTo} failed`);
}

/** The ledger's and the VAPID key files beside the draw secret's, made by the server at its first start. */
function keyFilesEnv(secretDir: string) {
  return {
    LEDGER_KEY_FILE: join(secretDir, 'ledger-key'),
    LEDGER_KEY: '',
    VAPID_KEY_FILE: join(secretDir, 'vapid-key'),
    VAPID_KEY: '',
  };
}

export async function createTestDatabase(options: { migrateUpTo?: string } = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'server-test-'));
  const secretDir = mkdtempSync(join(tmpdir(), 'server-secret-'));
  const secretFile = join(secretDir, 'draw-secret');
  if (TEST_DIALECT === 'sqlite') {
    const { db } = openSqlite(join(dir, 'app.sqlite'));
    await migrate(db, 'sqlite', options.migrateUpTo);
    return {
      db,
      dialect: 'sqlite',
      dir,
      secretFile,
      env: {
        DATA_DIR: dir,
        DATABASE_URL: '',
        DRAW_SECRET_FILE: secretFile,
        DRAW_SECRET: '',
        ...keyFilesEnv(secretDir),
      },
      async close() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
        rmSync(secretDir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const { db } = openPostgres(url.toString(), 5);
  await migrate(db, 'postgres', options.migrateUpTo);
  return {
    db,
    dialect: 'postgres',
    dir,
    secretFile,
    env: {
      DATABASE_URL: url.toString(),
      DATA_DIR: dir,
      DRAW_SECRET_FILE: secretFile,
      DRAW_SECRET: '',
      ...keyFilesEnv(secretDir),
    },
    async close() {
      await db.destroy();
      await waitForNoConnections(name);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
      rmSync(secretDir, { recursive: true, force: true });
    },
  };
}
