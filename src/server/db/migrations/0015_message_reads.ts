/**
 * How far each member has read the messages about their own account (/message: withdrawals paid
 * or rejected...). Those messages are made from the rows they tell of, so what is kept is one read
 * marker per member, on the server: a second phone shows the same unread count. No row means
 * nothing read yet.
 * Never edited once released; later changes are new migrations.
 */
import type { Kysely, Migration } from 'kysely';

export function messageReadsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('message_reads')
        .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id'))
        // Epoch ms: every message of the member's account up to this moment has been seen.
        .addColumn('read_up_to', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
