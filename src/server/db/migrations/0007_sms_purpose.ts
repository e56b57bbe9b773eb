/**
 * A verification code is sent for one purpose: registering a new number, or resetting the login
 * password of the member a number belongs to; a code of one cannot serve the other. Codes sent
 * before this migration were all for registering.
 * Never edited once released; later changes are new migrations.
 */
import type { Kysely, Migration } from 'kysely';

export function smsPurposeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('sms_codes')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('register'))
        .execute();
    },
  };
}
