/**
 * A Kysely dialect for better-sqlite3 with group commit. SQLite has one writer and a commit costs
 * more than an order's statements (each commit writes a dozen pages to the WAL), so while requests
 * queue for the connection, their transactions share one physical transaction:
 *
 * - each logical transaction runs alone on the connection, as a SAVEPOINT inside the physical one,
 *   so it is atomic on its own: a refused order rolls back to its savepoint and nothing else;
 * - its commit (RELEASE) hands the connection to the next caller, but resolves only after the
 *   physical COMMIT that contains it: no caller hears "done" before its rows are committed (and,
 *   with synchronous=FULL, the default, on disk: the WAL is flushed off the main thread,
 *   walSync.ts, while the next group already runs);
 * - the physical COMMIT happens at the end of the current turn of the event loop (setImmediate),
 *   so the requests whose data already arrived join in; at once when the group reaches MAX_GROUP
 *   transactions or MAX_GROUP_MS; and before any statement outside a transaction;
 * - if the physical COMMIT fails, every transaction of the group fails (none of them happened).
 *
 * A read-only transaction (`setAccessMode('read only')`, see db/snapshot.ts) is not grouped: the
 * open group commits, then a deferred BEGIN reads one committed state until it ends, taking no
 * write lock, so other processes go on writing meanwhile (this process's callers wait their turn).
 *
 * It also queues callers first come, first served (Kysely's SQLite mutex wakes every waiter on
 * each release). Under no load it behaves like plain BEGIN IMMEDIATE ... COMMIT per transaction.
 *
 * Other processes write to the same file (the admin command, a second server). Two rules keep
 * their writes and ours from failing each other:
 *
 * - every physical transaction, and every write outside one, starts with BEGIN IMMEDIATE: it takes
 *   the write lock before its first read. A plain (deferred) BEGIN takes it at the first write, and
 *   in WAL mode a transaction that has read cannot wait for the lock: SQLite answers SQLITE_BUSY at
 *   once, busy timeout or not (its snapshot may be stale). That made `admin credit` (a read, then
 *   the balance update) fail with "database is locked" under member load, and orders (round guard
 *   read first) fail the same way whenever the admin command had just written;
 * - the write lock is handed over fairly (WriterQueue): SQLite does not queue writers, and its busy
 *   handler retries only every 100 ms after the first quarter second, so a rare writer could miss
 *   every free moment of a server that takes the lock again right after each group. Waiting here
 *   is asynchronous (a try every millisecond) so that a server waiting for the admin command still
 *   reads requests meanwhile; a waiter says so in a file beside the database, and the others let it
 *   in before their next group.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import {
  CompiledQuery,
  type TransactionSettings,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { wantsArrays } from './rowArrays';
import type { WalSync } from './walSync';

/** The statements of cachingSqlite (statementCache.ts) also tell whether they write, and have a raw mode. */
type CachedStatement = SqliteStatement & { readonly readonly: boolean; raw(toggle: boolean): unknown };

export const MAX_GROUP = 32;
export const MAX_GROUP_MS = 10;
const SAVEPOINT = 'kysely_logical_tx';
/** How long taking the write lock may wait before it fails with SQLITE_BUSY (as busy_timeout). */
export const BUSY_TIMEOUT_MS = 5_000;
/** The longest a connection gives way to another process's waiting writer before it takes its turn anyway. */
export const MAX_YIELD_MS = 1_000;
/** A waiter's file this old is checked for a living owner; one older than STALE_MS is removed regardless. */
const CHECK_OWNER_AFTER_MS = 200;
const STALE_MS = 60_000;
const RETRY_MS = 1;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * The fair hand-over of the write lock between connections (of other processes, or of this one):
 * a connection that found the lock taken creates `file` (exclusively; its pid inside) and keeps it
 * until its own transaction has ended; any other connection, before it takes the lock for its next
 * transaction, waits while the file is there (at most MAX_YIELD_MS each time). A file whose owner
 * died (killed while waiting) is removed by whoever sees it. Costs a stat per physical transaction.
 */
export class WriterQueue {
  private mine = false;

  constructor(readonly file: string) {}

  /** Another connection waits for the lock (or holds it after waiting): give way. */
  othersWaiting(): boolean {
    if (this.mine) return false;
    const stat = statSync(this.file, { throwIfNoEntry: false });
    if (!stat) return false;
    const age = Date.now() - stat.mtimeMs;
    if (age < CHECK_OWNER_AFTER_MS || (age < STALE_MS && this.ownerAlive())) return true;
    rmSync(this.file, { force: true });
    return false;
  }

  /** Say that this connection waits for the lock; a no-op when another one already said so. */
  ask(): void {
    if (this.mine) return;
    try {
      writeFileSync(this.file, String(process.pid), { flag: 'wx', mode: 0o600 });
      this.mine = true;
    } catch {
      // Another waiter is first (EEXIST), or the folder is read-only: wait without saying so.
    }
  }

  /** The transaction that asked has ended: the others may take the lock again. */
  done(): void {
    if (!this.mine) return;
    this.mine = false;
    rmSync(this.file, { force: true });
  }

  private ownerAlive(): boolean {
    try {
      const pid = Number(readFileSync(this.file, 'utf8'));
      if (!Number.isSafeInteger(pid) || pid <= 0) return false;
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: alive, another user's; ESRCH: gone; ENOENT: the file went meanwhile.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
}

export interface GroupCommitOptions {
  /** The hand-over file beside the database (see WriterQueue); none: the lock is simply retried. */
  writerQueueFile?: string;
  busyTimeoutMs?: number;
  /**
   * Durability outside SQLite (walSync.ts, for synchronous=FULL): a commit is acknowledged only
   * once this has flushed the WAL after it. None: acknowledged when SQLite's COMMIT returns.
   */
  walSync?: WalSync;
}

class FifoLock {
  private held = false;
  private readonly queue: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  /** Hands the lock straight to the next in line, if any. */
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get busy(): boolean {
    return this.held;
  }
}

interface Group {
  startedAt: number;
  committed: number;
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/** 'snapshot': a read-only transaction of its own (not in a group), reading one committed state. */
type LogicalState = 'idle' | 'transaction' | 'snapshot' | 'released';

class LogicalConnection implements DatabaseConnection {
  state: LogicalState = 'idle';

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the group-commit SQLite driver');
  }
}

class GroupCommitDriver implements Driver {
  private readonly lock = new FifoLock();
  private group: Group | null = null;
  private scheduled: NodeJS.Immediate | null = null;
  private readonly queue: WriterQueue | null;
  private readonly busyTimeoutMs: number;
  private readonly walSync: WalSync | null;

  constructor(
    private readonly database: SqliteDatabase,
    options: GroupCommitOptions = {},
  ) {
    this.queue = options.writerQueueFile ? new WriterQueue(options.writerQueueFile) : null;
    this.busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
    this.walSync = options.walSync ?? null;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return new LogicalConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings = {}): Promise<void> {
    const logical = connection as LogicalConnection;
    if (settings.accessMode === 'read only') {
      // A deferred BEGIN takes no lock: its first read fixes the snapshot, which other processes'
      // writes do not disturb (WAL). The open group commits first: it is not ours to read.
      this.flush();
      this.run('begin');
      logical.state = 'snapshot';
      return;
    }
    if (!this.group) {
      await this.lockForWriting();
      this.group = { startedAt: performance.now(), committed: 0, waiters: [] };
    }
    this.run(`savepoint ${SAVEPOINT}`);
    logical.state = 'transaction';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const logical = connection as LogicalConnection;
    if (logical.state === 'snapshot') return this.endSnapshot(logical);
    const group = this.group;
    if (logical.state !== 'transaction' || !group) throw new Error('commit without a transaction');
    this.run(`release ${SAVEPOINT}`);
    group.committed++;
    const durable = new Promise<void>((resolve, reject) => group.waiters.push({ resolve, reject }));
    this.releaseLogical(logical);
    await durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const logical = connection as LogicalConnection;
    if (logical.state === 'snapshot') return this.endSnapshot(logical);
    // After a failed physical commit Kysely rolls back too: that transaction is already over.
    if (logical.state !== 'transaction') return;
    logical.state = 'idle';
    try {
      this.run(`rollback to ${SAVEPOINT}`);
      this.run(`release ${SAVEPOINT}`);
    } catch (error) {
      // SQLite dropped the whole physical transaction (e.g. disk full): the group is lost with it.
      this.fail(error);
    }
  }

  private endSnapshot(logical: LogicalConnection): void {
    logical.state = 'idle';
    this.run('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releaseLogical(connection as LogicalConnection);
  }

  async destroy(): Promise<void> {
    this.flush();
    await this.walSync?.idle();
    this.queue?.done();
    this.database.close();
  }

  async execute<R>(logical: LogicalConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    // In a transaction, and for a read anywhere: run it. A read may look into an open group: it
    // would only differ from the committed state if the group's COMMIT failed (an I/O fault), and
    // reads move no money.
    if (logical.state === 'snapshot' && !this.statement(query.sql).readonly) {
      throw new Error('a write in a read-only transaction');
    }
    if (logical.state === 'transaction' || logical.state === 'snapshot' || this.statement(query.sql).readonly) {
      return this.run<R>(query.sql, query.parameters, wantsArrays(query));
    }
    // A write outside a transaction must not join (and wait on) an open group, so the group
    // commits first; then it is a transaction of its own, taking the lock as transactions do.
    this.flush();
    await this.lockForWriting();
    let result: QueryResult<R>;
    try {
      result = this.run<R>(query.sql, query.parameters, wantsArrays(query));
    } catch (error) {
      this.rollbackQuietly();
      throw error;
    }
    this.commitPhysical();
    await this.walSync?.afterCommit();
    return result;
  }

  /**
   * BEGIN IMMEDIATE, waiting for the write lock without blocking the event loop: first give way to
   * a connection that is waiting already (WriterQueue), then try every RETRY_MS, saying we wait
   * after the first failure, until busyTimeoutMs; then the last SQLITE_BUSY is thrown.
   */
  private async lockForWriting(): Promise<void> {
    const started = performance.now();
    while (this.queue?.othersWaiting() && performance.now() - started < MAX_YIELD_MS) await sleep(RETRY_MS);
    for (;;) {
      const busy = this.tryBegin();
      if (busy === null) return;
      if (performance.now() - started >= this.busyTimeoutMs) {
        this.queue?.done();
        throw busy;
      }
      this.queue?.ask();
      await sleep(RETRY_MS);
    }
  }

  /** One BEGIN IMMEDIATE without SQLite's own (sleeping, blocking) busy handler: null when taken, else the error. */
  private tryBegin(): Error | null {
    this.run('pragma busy_timeout = 0');
    try {
      this.run('begin immediate');
      return null;
    } catch (error) {
      if (isBusy(error)) return error instanceof Error ? error : new Error(String(error));
      this.queue?.done();
      throw error;
    } finally {
      this.run(`pragma busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  /** COMMIT of a transaction of ours; the lock is free again, for us and for those who waited. */
  private commitPhysical(): void {
    try {
      this.run('commit');
    } catch (error) {
      this.rollbackQuietly();
      throw error;
    }
    this.queue?.done();
  }

  private statement(sql: string): CachedStatement {
    return this.database.prepare(sql) as CachedStatement;
  }

  /** asArrays: rows as arrays (rowArrays.ts), in better-sqlite3's raw mode. */
  private run<R>(sql: string, parameters: readonly unknown[] = [], asArrays = false): QueryResult<R> {
    const statement = this.statement(sql);
    if (statement.reader && asArrays) {
      // The mode belongs to the cached statement, which other callers share: set for this call only.
      statement.raw(true);
      try {
        return { rows: statement.all(parameters) as R[] };
      } finally {
        statement.raw(false);
      }
    }
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      rows: [],
      numAffectedRows: BigInt(changes),
      insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
    };
  }

  private releaseLogical(logical: LogicalConnection): void {
    if (logical.state === 'released') return;
    logical.state = 'released';
    const group = this.group;
    if (group) {
      if (group.committed >= MAX_GROUP || performance.now() - group.startedAt >= MAX_GROUP_MS) this.flush();
      else if (this.lock.waiting === 0) this.scheduleFlush();
    }
    this.lock.release();
  }

  /** Commit once the requests already received this turn have had their chance to join. */
  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = null;
      // Someone holding the connection keeps the group open; their release schedules again.
      if (!this.lock.busy) this.flush();
    });
  }

  /** The physical COMMIT of the open group; its transactions' commits resolve (or fail) now. */
  private flush(): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    try {
      this.commitPhysical();
    } catch (error) {
      for (const waiter of group.waiters) waiter.reject(error);
      return;
    }
    if (!this.walSync) {
      for (const waiter of group.waiters) waiter.resolve();
      return;
    }
    // The next group may meanwhile take the connection; these hear "done" once on disk.
    this.walSync.afterCommit().then(
      () => {
        for (const waiter of group.waiters) waiter.resolve();
      },
      (error: unknown) => {
        for (const waiter of group.waiters) waiter.reject(error);
      },
    );
  }

  private fail(error: unknown): void {
    const group = this.group;
    this.group = null;
    this.rollbackQuietly();
    for (const waiter of group?.waiters ?? []) waiter.reject(error);
  }

  private rollbackQuietly(): void {
    try {
      this.run('rollback');
    } catch {
      // Already rolled back by SQLite.
    }
    this.queue?.done();
  }
}

export class GroupCommitSqliteDialect implements Dialect {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly options: GroupCommitOptions = {},
  ) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.database, this.options);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
