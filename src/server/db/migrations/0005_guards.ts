/**
 * Limits on guessing secrets, kept in the database so a restart or a second instance does not
 * reset them: per member and per secret (the login password, the withdrawal password), the wrong
 * tries of the current window and the end of a lock; per SMS code, its wrong tries.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function guardsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('member_guards')
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('window_start', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('member_guards_pk', ['member_id', 'secret'])
        .addCheckConstraint('member_guards_secret', sql`secret IN ('login', 'pay')`)
        .execute();
      await db.schema
        .alterTable('sms_codes')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
