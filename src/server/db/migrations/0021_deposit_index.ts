/**
 * The operator's credits of a member, newest first (the messages page tells the member of each):
 * found through a partial index of the deposit rows alone, so a member with a long fund log of
 * orders is not scanned for the few credits among them.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function depositIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('fund_log_member_deposits')
        .on('fund_log')
        .columns(['member_id', 'id'])
        .where(sql<boolean>`reason_code = 'deposit'`)
        .execute();
    },
  };
}
