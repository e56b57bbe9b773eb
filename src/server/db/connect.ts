/**
 * Opens the one database the server and the admin command share: PostgreSQL when DATABASE_URL is
 * set, otherwise the embedded SQLite file `${DATA_DIR}/app.sqlite`.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from './sqliteDriver';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_POOL_SIZE, type SqliteSynchronous } from '../config';
import type { Database, Db, Dialect } from './schema';
import { startCheckpointer } from './checkpointer';
import { BUSY_TIMEOUT_MS, GroupCommitSqliteDialect } from './groupCommit';
import { cachingSqlite } from './statementCache';
import { WalSync } from './walSync';

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
  /** Human description for the start banner, without credentials. */
  description: string;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/**
 * pg returns int8 (our cents and epoch-ms columns, COUNT) and numeric (SUM) as strings to avoid
 * precision loss. Our values are far inside Number.MAX_SAFE_INTEGER, so numbers are exact and
 * both dialects hand the domain the same types.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8 || oid === PG_NUMERIC
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

export interface SqliteOptions {
  /** Checkpoint the WAL from a background thread (the long-running server), see checkpointer.ts. */
  backgroundCheckpoints?: boolean;
  /**
   * SQLite's `synchronous` (SQLITE_SYNCHRONOUS), FULL unless said otherwise. FULL: every commit
   * is acknowledged once the WAL reached the disk (fsync, off the main thread: walSync.ts), so an
   * acknowledged order survives a power cut.
   * NORMAL: the WAL is synced only at checkpoints; the database stays consistent after a power
   * cut, but the last commits before it (acknowledged to members) can be lost.
   */
  synchronous?: SqliteSynchronous;
  /** Told when a background checkpoint fails (the server logs it). */
  onCheckpointError?: (message: string) => void;
}

/** Owner read and write only: the database holds balances, password hashes and revealed seeds. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The database file made (or kept) mode 0600 before SQLite opens it: SQLite gives its -wal, -shm
 * and -journal files the database file's mode, so they are private too. A file made by an older
 * version with the umask's 0644 is narrowed; one this user does not own is left as it is.
 */
function privateDatabaseFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    try {
      chmodSync(`${file}${suffix}`, PRIVATE_FILE_MODE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw error;
    }
  }
}

export function openSqlite(file: string, options: SqliteOptions = {}): OpenDatabase {
  const inMemory = file === ':memory:' || file === '';
  if (!inMemory) privateDatabaseFile(file);
  const sqlite = new SQLite(file);
  // WAL lets the admin command write while the server reads. Writers (this server, the admin
  // command, another server) take the write lock in turn through the group-commit driver: BEGIN
  // IMMEDIATE, a fair hand-over through the file `${file}-writer`, at most BUSY_TIMEOUT_MS of
  // waiting (groupCommit.ts). SQLite's own busy timeout covers the rest (e.g. a WAL recovery).
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // FULL on a file: SQLite itself runs at NORMAL and each commit is acknowledged once walSync has
  // flushed the WAL from libuv's threads (walSync.ts), so the disk's wait blocks no request.
  const walSync = !inMemory && options.synchronous !== 'NORMAL' ? WalSync.ofDatabase(file) : undefined;
  sqlite.pragma(`synchronous = ${options.synchronous === 'NORMAL' || walSync ? 'NORMAL' : 'FULL'}`);
  // A page cache that holds the hot indexes (the default is 2 MB) and reads through mmap: the
  // order path then rarely leaves memory for a read.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const checkpointer = options.backgroundCheckpoints
    ? startCheckpointer(file, undefined, options.onCheckpointError)
    : null;
  // The automatic checkpoint stays as a safety net should the background one fall behind.
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 20000');
  const database = cachingSqlite(sqlite, () => void checkpointer?.stop());
  const groupCommit = new GroupCommitSqliteDialect(
    database,
    inMemory ? {} : { writerQueueFile: `${file}-writer`, walSync },
  );
  const db = new Kysely<Database>({ dialect: groupCommit });
  return { db, dialect: 'sqlite', description: `SQLite ${file}` };
}

export interface PostgresOptions {
  /**
   * A connection the database dropped (a restart, a failover, an operator ending sessions): told
   * once per connection, for the log. The pool has already discarded it and connects anew when
   * asked; a request that was using it fails on its own and answers a coded refusal.
   */
  onConnectionError?: (error: Error) => void;
  /** How long a request waits for a connection (a new one, or a free one of a full pool). */
  connectionTimeoutMillis?: number;
}

/** A request waiting longer than this for a connection answers "network error, refresh" (1004). */
export const PG_CONNECTION_TIMEOUT_MS = 5_000;

export function openPostgres(
  url: string,
  maxConnections = DEFAULT_POOL_SIZE,
  options: PostgresOptions = {},
): OpenDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    types: pgTypes,
    // A database that is down or unreachable fails a request within seconds instead of holding it.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? PG_CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // TCP keepalive notices a peer that vanished without closing (a dropped network, a dead host).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // Without listeners a dropped connection's 'error' event would end the process. The pool emits
  // an idle connection's error; a connection Kysely holds emits on the client itself (pg-pool only
  // listens while it is idle), so every client gets a listener too. The first error of each
  // connection is told (a terminated one also reports "Connection terminated unexpectedly").
  const told = new WeakSet<pg.Client>();
  const report = (error: Error, client: pg.Client) => {
    if (told.has(client)) return;
    told.add(client);
    options.onConnectionError?.(error);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', (error) => report(error, client)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', description: `PostgreSQL ${describePgUrl(url)}` };
}

/** host:port/database, never the password. */
export function describePgUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return '(DATABASE_URL)';
  }
}

/** How the server hears of database trouble it survives (both optional; the admin command passes none). */
export interface DatabaseEvents {
  onCheckpointError?: (message: string) => void;
  onConnectionError?: (error: Error) => void;
}

export function openDatabase(
  config: {
    dataDir: string;
    databaseUrl: string | null;
    databasePoolSize?: number;
    sqliteSynchronous?: SqliteSynchronous;
  },
  options: Omit<SqliteOptions, 'synchronous' | 'onCheckpointError'> & DatabaseEvents = {},
): OpenDatabase {
  const { onCheckpointError, onConnectionError, ...sqliteOptions } = options;
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize, { onConnectionError });
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return openSqlite(join(config.dataDir, 'app.sqlite'), {
    ...sqliteOptions,
    onCheckpointError,
    synchronous: config.sqliteSynchronous ?? 'FULL',
  });
}
