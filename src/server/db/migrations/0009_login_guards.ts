/**
 * Limits on guessing the login password by where the guesses come from (domain/accounts/loginGuard.ts):
 * per member and source address, the wrong tries of the current window, the end of that address's
 * lock and the last successful login from it (which makes it one of the member's own); per member,
 * the wrong tries from addresses that are not the member's own and the earliest moment the next
 * one may be checked (the growing delay). Both go with their member.
 * Never edited once released; later changes are new migrations.
 */
import type { Kysely, Migration } from 'kysely';

export function loginGuardsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_sources')
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('window_start', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_login_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('login_sources_pk', ['member_id', 'source'])
        .execute();
      await db.schema
        .createTable('login_delays')
        .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_failure_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('next_try_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
