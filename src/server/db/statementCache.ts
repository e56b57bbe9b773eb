/**
 * Kysely's SQLite driver prepares every statement again on each execution; SQLite then parses and
 * plans the same text thousands of times a second on the order path. This wrapper keeps the
 * prepared statements by SQL text (bounded), which is safe because Kysely runs them with all()/run()
 * on its single connection, one at a time.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_STATEMENTS = 1000;

export function cachingSqlite(database: SQLite.Database, beforeClose?: () => void): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      beforeClose?.();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = database.prepare(sql);
        // Multi-row inserts vary in text; a full cache starts again instead of growing without bound.
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
