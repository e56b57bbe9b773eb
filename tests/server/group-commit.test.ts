/**
 * The SQLite driver's group commit (src/server/db/groupCommit.ts): concurrent transactions share a
 * physical commit, yet each stays atomic on its own, and none is reported committed before the
 * physical COMMIT that holds it succeeded. SQLite only: the server-pg project excludes this file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/schema';

let dir: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  db = openSqlite(join(dir, 'g.sqlite')).db;
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

  it('many concurrent transactions, queued into groups, all commit', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => insertTx(100 + i, i)));
    expect(await rows('t')).toHaveLength(200);
    const sum = await sql<{ s: number }>`SELECT SUM(v) AS s FROM t`.execute(db);
    expect(sum.rows[0].s).toBe((199 * 200) / 2);
  });
});
