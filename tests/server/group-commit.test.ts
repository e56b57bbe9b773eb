/**
 * The SQLite driver's group commit (src/server/db/groupCommit.ts): concurrent transactions share a
 * physical commit, yet each stays atomic on its own, and none is reported committed before the
 * physical COMMIT that holds it succeeded. Writers of other connections (the admin command, in
 * another process) take the write lock in turn instead of failing. SQLite only: the server-pg
 * project excludes this file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from '../../src/server/db/sqliteDriver';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/connect';
import { GroupCommitSqliteDialect, MAX_YIELD_MS, WriterQueue } from '../../src/server/db/groupCommit';
import { rowsAsArrays } from '../../src/server/db/rowArrays';
import type { Database } from '../../src/server/db/schema';
import { cachingSqlite } from '../../src/server/db/statementCache';
import { WalSync } from '../../src/server/db/walSync';

let dir: string;
let file: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  file = join(dir, 'g.sqlite');
  db = openSqlite(file).db;
  await sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`.execute(
    db,
  );
  await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v >= 0))`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async (table: string) =>
  (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} ORDER BY id`.execute(db)).rows.map((r) => r.id);

/** A transaction that yields between its statements, so others queue behind it and join its group. */
function insertTx(id: number, v: number) {
  return db.transaction().execute(async (trx) => {
    await sql`INSERT INTO t (id, v) VALUES (${id}, 0)`.execute(trx);
    await new Promise((resolve) => setImmediate(resolve));
    await sql`UPDATE t SET v = ${v} WHERE id = ${id}`.execute(trx);
  });
}

describe('group commit', () => {
  it('a failing transaction rolls back alone; the others of its group commit', async () => {
    const results = await Promise.allSettled([
      insertTx(1, 1),
      insertTx(2, -1),
      insertTx(3, 3),
      insertTx(4, -5),
      insertTx(5, 5),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await rows('t')).toEqual([1, 3, 5]);
  });

  it('when the physical COMMIT fails, every transaction of the group fails and none is kept', async () => {
    await sql`INSERT INTO parent (id) VALUES (1)`.execute(db);
    const good = (id: number) =>
      db.transaction().execute(async (trx) => {
        await new Promise((resolve) => setImmediate(resolve));
        await sql`INSERT INTO child (id, parent_id) VALUES (${id}, 1)`.execute(trx);
      });
    // Violates a deferred foreign key: only the COMMIT can find it.
    const bad = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO child (id, parent_id) VALUES (99, 42)`.execute(trx);
    });
    const results = await Promise.allSettled([good(1), bad, good(2), good(3)]);
    const grouped = results.filter((r) => r.status === 'rejected');
    // The bad one fails; so does every transaction that shared its physical commit.
    expect(results[1].status).toBe('rejected');
    const kept = await rows('child');
    expect(kept).not.toContain(99);
    results.forEach((result, i) => {
      const id = [1, 99, 2, 3][i];
      expect(kept.includes(id)).toBe(result.status === 'fulfilled');
    });
    expect(grouped.length).toBeGreaterThanOrEqual(1);
  });

  it('a statement outside any transaction first commits the open group', async () => {
    const slow = insertTx(10, 10);
    const plain = sql`INSERT INTO t (id, v) VALUES (11, 11)`.execute(db);
    await Promise.all([slow, plain]);
    expect(await rows('t')).toEqual([10, 11]);
  });

  it('rows asked for as arrays come as arrays, and the same statement answers objects again after', async () => {
    await sql`INSERT INTO t (id, v) VALUES (1, 10), (2, 20)`.execute(db);
    const typed = db as unknown as Kysely<{ t: { id: number; v: number } }>;
    const query = typed.selectFrom('t').select(['id', 'v']).orderBy('id');
    expect(await rowsAsArrays(db, query)).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect((await typed.executeQuery(query)).rows).toEqual([
      { id: 1, v: 10 },
      { id: 2, v: 20 },
    ]);
    const returned = await db
      .transaction()
      .execute((trx) =>
        rowsAsArrays(trx, typed.updateTable('t').set({ v: 21 }).where('id', '=', 2).returning(['id', 'v'])),
      );
    expect(returned).toEqual([[2, 21]]);
    expect(await valueOf(db, 2)).toBe(21);
  });

  it('many concurrent transactions, queued into groups, all commit', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => insertTx(100 + i, i)));
    expect(await rows('t')).toHaveLength(200);
    const sum = await sql<{ s: number }>`SELECT SUM(v) AS s FROM t`.execute(db);
    expect(sum.rows[0].s).toBe((199 * 200) / 2);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const valueOf = async (conn: Kysely<Database>, id: number) =>
  (await sql<{ v: number }>`SELECT v FROM t WHERE id = ${id}`.execute(conn)).rows[0]?.v;

/** A transaction that holds the write lock until `release` is called. */
function holdLock(conn: Kysely<Database>, id: number): { release: () => void; done: Promise<void> } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = conn.transaction().execute(async (trx) => {
    await sql`INSERT INTO t (id, v) VALUES (${id}, 0)`.execute(trx);
    await released;
  });
  return { release, done };
}

describe('writers of two connections (the server and the admin command)', () => {
  let other: Kysely<Database>;
  beforeEach(() => {
    other = openSqlite(file).db;
  });
  afterEach(async () => {
    await other.destroy();
  });

  it('why BEGIN IMMEDIATE: in WAL a deferred transaction that has read cannot wait for the lock', () => {
    const a = new SQLite(file);
    const b = new SQLite(file);
    try {
      // Longer than the test may run: had SQLite waited on the busy handler, the test would time out.
      a.pragma('busy_timeout = 600000');
      b.exec('INSERT INTO t (id, v) VALUES (1, 1)');
      a.exec('BEGIN');
      a.prepare('SELECT v FROM t WHERE id = 1').get();
      b.exec('UPDATE t SET v = 2 WHERE id = 1');
      // The busy timeout is not used: SQLite fails at once (the snapshot that was read is stale),
      // with the code that says so, which no wait can mend.
      expect(() => a.exec('UPDATE t SET v = 3 WHERE id = 1')).toThrow(
        expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }),
      );
      a.exec('ROLLBACK');
    } finally {
      a.close();
      b.close();
    }
  });

  it('a transaction that reads, then writes, waits while another connection holds a group open, then commits', async () => {
    await sql`INSERT INTO t (id, v) VALUES (1, 1)`.execute(db);
    const held = holdLock(db, 2);
    await pause(20);
    const readThenWrite = other.transaction().execute(async (trx) => {
      const v = await valueOf(trx, 1);
      await sql`UPDATE t SET v = ${v + 10} WHERE id = 1`.execute(trx);
    });
    await pause(50);
    // Waiting, not failed: it says so beside the database.
    expect(existsSync(`${file}-writer`)).toBe(true);
    held.release();
    await Promise.all([held.done, readThenWrite]);
    expect(await valueOf(db, 1)).toBe(11);
    expect(existsSync(`${file}-writer`)).toBe(false);
  });

  it('a write outside any transaction waits for the other connection too', async () => {
    const held = holdLock(db, 1);
    await pause(20);
    const plain = sql`INSERT INTO t (id, v) VALUES (2, 2)`.execute(other);
    await pause(50);
    held.release();
    await Promise.all([held.done, plain]);
    expect(await rows('t')).toEqual([1, 2]);
  });

  it('a read-only transaction reads one committed state while another connection writes, and refuses writes', async () => {
    await sql`INSERT INTO t (id, v) VALUES (1, 1)`.execute(db);
    const seen = await other
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const before = await valueOf(trx, 1);
        // Another connection commits meanwhile: it is not kept waiting, and this snapshot does not see it.
        await sql`UPDATE t SET v = 2 WHERE id = 1`.execute(db);
        const after = await valueOf(trx, 1);
        await expect(sql`UPDATE t SET v = 3 WHERE id = 1`.execute(trx)).rejects.toThrow(/read-only/);
        return [before, after];
      });
    expect(seen).toEqual([1, 1]);
    expect(await valueOf(other, 1)).toBe(2);
  });

  it('a connection that writes without pause lets a waiting writer in at its next group (fair hand-over)', async () => {
    let stop = false;
    let id = 1_000;
    // 20 writers back to back on the first connection: its groups follow each other at once.
    const writers = 20;
    const busy = Array.from({ length: writers }, async () => {
      while (!stop) await insertTx(id++, 1);
    });
    await pause(100);
    const askedAt = id;
    await other.transaction().execute(async (trx) => {
      const v = await valueOf(trx, 1_000);
      await sql`INSERT INTO t (id, v) VALUES (1, ${v ?? -1})`.execute(trx);
    });
    const before = id;
    // Its next commits wait for their flush of the WAL (a slow disk may take a while).
    while (id === before) await pause(10);
    stop = true;
    await Promise.all(busy);
    // In while the first connection was still writing, after the group under way and the writers'
    // next transactions at most (each writer begins one at a time): not starved until they stopped.
    expect(before - askedAt, `${before - askedAt} transactions began meanwhile`).toBeLessThanOrEqual(2 * writers);
    // The first connection carried on afterwards.
    expect(id).toBeGreaterThan(before);
    expect(await valueOf(db, 1)).toBe(1);
  });

  it('a writer file left by a process that died holds nobody up, and is removed', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${file}-writer`, String(dead));
    const aSecondAgo = new Date(Date.now() - 1_000);
    utimesSync(`${file}-writer`, aSecondAgo, aSecondAgo);
    // Nobody is waiting: the file is the dead process's, and whoever reads it removes it.
    expect(new WriterQueue(`${file}-writer`).othersWaiting()).toBe(false);
    expect(existsSync(`${file}-writer`)).toBe(false);
    writeFileSync(`${file}-writer`, String(dead));
    utimesSync(`${file}-writer`, aSecondAgo, aSecondAgo);
    await insertTx(1, 1);
    expect(existsSync(`${file}-writer`)).toBe(false);
    expect(await rows('t')).toEqual([1]);
  });

  it('a writer that asked and never comes holds a transaction up for MAX_YIELD_MS, not until it comes', async () => {
    writeFileSync(`${file}-writer`, String(process.pid));
    // A live owner that asked is waited for...
    expect(new WriterQueue(`${file}-writer`).othersWaiting()).toBe(true);
    const started = performance.now();
    await insertTx(1, 1);
    // ...for the yield's length at least, then the transaction goes ahead while the file stands.
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_YIELD_MS - 5);
    expect(existsSync(`${file}-writer`)).toBe(true);
    expect(await rows('t')).toEqual([1]);
    rmSync(`${file}-writer`);
  });

  it('when the lock stays taken past the busy timeout, the transaction fails with SQLITE_BUSY and changes nothing', async () => {
    const holder = new SQLite(file);
    const impatient = new Kysely<Database>({
      dialect: new GroupCommitSqliteDialect(cachingSqlite(new SQLite(file)), {
        writerQueueFile: `${file}-writer`,
        busyTimeoutMs: 200,
      }),
    });
    try {
      holder.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      await expect(
        impatient.transaction().execute(async (trx) => {
          await sql`INSERT INTO t (id, v) VALUES (1, 1)`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(195);
      expect(existsSync(`${file}-writer`)).toBe(false);
      holder.exec('ROLLBACK');
      // The connection is usable again.
      await sql`INSERT INTO t (id, v) VALUES (2, 2)`.execute(impatient);
      expect(await rows('t')).toEqual([2]);
    } finally {
      holder.close();
      await impatient.destroy();
    }
  });
});

describe('durable commits flushed off the main thread (synchronous=FULL, walSync.ts)', () => {
  /** A flush of the WAL that completes only when the test says so; counts how often it began. */
  function heldFlush() {
    const started: (() => void)[] = [];
    const failed: ((error: Error) => void)[] = [];
    const state = { holding: false };
    const walSync = new WalSync(() =>
      state.holding
        ? new Promise<void>((resolve, reject) => {
            started.push(resolve);
            failed.push(reject);
          })
        : Promise.resolve(),
    );
    return { walSync, started, failed, state };
  }

  let held: ReturnType<typeof heldFlush>;
  let own: Kysely<Database>;
  beforeEach(async () => {
    held = heldFlush();
    const sqlite = new SQLite(join(dir, 'w.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    own = new Kysely<Database>({
      dialect: new GroupCommitSqliteDialect(cachingSqlite(sqlite), { walSync: held.walSync }),
    });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)`.execute(own);
    held.state.holding = true;
  });
  afterEach(async () => {
    held.state.holding = false;
    held.started.forEach((resolve) => resolve());
    await own.destroy();
  });

  const settledYet = async (promise: Promise<unknown>) => {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    await pause(20);
    return settled;
  };
  const insert = (id: number) =>
    own.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (id, v) VALUES (${id}, ${id})`.execute(trx);
    });

  it('a commit is acknowledged only after a flush of the WAL that began after it', async () => {
    const first = insert(1);
    expect(await settledYet(first)).toBe(false);
    expect(held.started).toHaveLength(1);
    // Committed meanwhile (while the first flush runs): it waits for a flush of its own.
    const second = insert(2);
    held.started[0]();
    await first;
    expect(await settledYet(second)).toBe(false);
    expect(held.started).toHaveLength(2);
    held.started[1]();
    await second;
    held.state.holding = false;
    expect(await rows2(own)).toEqual([1, 2]);
  });

  it('a write outside any transaction waits for the flush too', async () => {
    const plain = sql`INSERT INTO t (id, v) VALUES (7, 7)`.execute(own);
    expect(await settledYet(plain)).toBe(false);
    held.started[0]();
    await plain;
  });

  it('when the flush fails, the commits it held are not acknowledged', async () => {
    const order = insert(3);
    await pause(20);
    held.failed[0](new Error('EIO: the disk failed'));
    await expect(order).rejects.toThrow('EIO');
  });

  it('on a database file, the real flush acknowledges commits (FULL is the default)', async () => {
    const durable = openSqlite(join(dir, 'real.sqlite')).db;
    try {
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)`.execute(durable);
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => sql`INSERT INTO t (id, v) VALUES (${i}, ${i})`.execute(durable)),
      );
      expect(await rows2(durable)).toHaveLength(50);
    } finally {
      await durable.destroy();
    }
  });
});

const rows2 = async (conn: Kysely<Database>) =>
  (await sql<{ id: number }>`SELECT id FROM t ORDER BY id`.execute(conn)).rows.map((r) => r.id);
