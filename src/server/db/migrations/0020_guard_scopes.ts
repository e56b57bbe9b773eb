/**
 * Guessing limits that a stolen session cannot turn against its owner:
 * - `member_guards` gains a scope: '' counts a member's wrong tries at a secret from all their
 *   sessions (a high ceiling), a session's tag counts that session's own (the lock it meets first),
 *   so wrong withdrawal passwords from one device lock that device, not the owner's others.
 *   PostgreSQL swaps the primary key; SQLite makes the table again with it and renames it in place.
 * - `login_sources` gains the growing delay of a member's own device (a known address, or a live
 *   session of the member: its source is then the session's tag), kept per device: every failed
 *   login waits as a stranger's would, but no other device's failures slow it.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';

async function createMemberGuards(db: Kysely<unknown>, name: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${name}_pk`, ['member_id', 'secret', 'scope'])
    .addCheckConstraint(`${name}_secret`, sql`secret IN ('login', 'pay')`)
    .execute();
}

export function guardScopesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE member_guards ADD COLUMN scope text NOT NULL DEFAULT ''`.execute(db);
        await sql`ALTER TABLE member_guards DROP CONSTRAINT member_guards_pk`.execute(db);
        await sql`ALTER TABLE member_guards ADD CONSTRAINT member_guards_pk PRIMARY KEY (member_id, secret, scope)`.execute(
          db,
        );
      } else {
        await createMemberGuards(db, 'member_guards_new');
        await sql`INSERT INTO member_guards_new (member_id, secret, scope, failures, window_start, locked_until)
          SELECT member_id, secret, '', failures, window_start, locked_until FROM member_guards`.execute(db);
        await db.schema.dropTable('member_guards').execute();
        await sql`ALTER TABLE member_guards_new RENAME TO member_guards`.execute(db);
      }
      for (const column of ['delay_failures', 'last_failure_at', 'next_try_at']) {
        await db.schema
          .alterTable('login_sources')
          .addColumn(column, column === 'delay_failures' ? 'integer' : 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      }
    },
  };
}
