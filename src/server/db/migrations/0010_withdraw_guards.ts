/**
 * Guards around withdrawals: a session now ends after days without use as well as at its
 * lifetime, so each keeps when it was last used (written at most once an hour), and the member
 * can tell their sessions apart by the device (the User-Agent at login) and the address it was
 * last used from. Sessions opened before this migration count as last used when they were opened.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function withdrawGuardsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('sessions')
        .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);
    },
  };
}
