/**
 * A Kysely dialect for better-sqlite3 with group commit. SQLite has one writer and a commit costs
 * more than an order's statements (each commit writes a dozen pages to the WAL), so while requests
 * queue for the connection, their transactions share one physical transaction:
 *
 * - each logical transaction runs alone on the connection, as a SAVEPOINT inside the physical one,
 *   so it is atomic on its own: a refused order rolls back to its savepoint and nothing else;
 * - its commit (RELEASE) hands the connection to the next caller, but resolves only after the
 *   physical COMMIT that contains it: no caller hears "done" before its rows are durable;
 * - the physical COMMIT happens at the end of the current turn of the event loop (setImmediate),
 *   so the requests whose data already arrived join in; at once when the group reaches MAX_GROUP
 *   transactions or MAX_GROUP_MS; and before any statement outside a transaction;
 * - if the physical COMMIT fails, every transaction of the group fails (none of them happened).
 *
 * It also queues callers first come, first served (Kysely's SQLite mutex wakes every waiter on
 * each release). Under no load it behaves like plain BEGIN ... COMMIT per transaction.
 */
import {
  CompiledQuery,
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

/** The statements of cachingSqlite (statementCache.ts) also tell whether they write. */
type CachedStatement = SqliteStatement & { readonly readonly: boolean };

export const MAX_GROUP = 32;
export const MAX_GROUP_MS = 10;
const SAVEPOINT = 'kysely_logical_tx';

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

type LogicalState = 'idle' | 'transaction' | 'released';

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

  constructor(private readonly database: SqliteDatabase) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return new LogicalConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const logical = connection as LogicalConnection;
    if (!this.group) {
      this.run('begin');
      this.group = { startedAt: performance.now(), committed: 0, waiters: [] };
    }
    this.run(`savepoint ${SAVEPOINT}`);
    logical.state = 'transaction';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const logical = connection as LogicalConnection;
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

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releaseLogical(connection as LogicalConnection);
  }

  async destroy(): Promise<void> {
    this.flush();
    this.database.close();
  }

  execute<R>(logical: LogicalConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      // A write outside a transaction must not join (and wait on) an open group, so the group
      // commits first. A read may look into it: it would only differ from the committed state if
      // the group's COMMIT failed (an I/O fault), and reads move no money.
      if (logical.state !== 'transaction' && this.group && !this.statement(query.sql).readonly) this.flush();
      return Promise.resolve(this.run<R>(query.sql, query.parameters));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private statement(sql: string): CachedStatement {
    return this.database.prepare(sql) as CachedStatement;
  }

  private run<R>(sql: string, parameters: readonly unknown[] = []): QueryResult<R> {
    const statement = this.statement(sql);
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
      this.run('commit');
    } catch (error) {
      this.rollbackQuietly();
      for (const waiter of group.waiters) waiter.reject(error);
      return;
    }
    for (const waiter of group.waiters) waiter.resolve();
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
  }
}

export class GroupCommitSqliteDialect implements Dialect {
  constructor(private readonly database: SqliteDatabase) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.database);
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
