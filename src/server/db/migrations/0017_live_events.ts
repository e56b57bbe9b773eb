/**
 * Live streams (docs/live-events.md). `live_events`: on PostgreSQL every event a stream tells,
 * numbered in the order it was made and kept for the replay window, so a member who reconnects to
 * any instance is sent what was missed; on SQLite (one server process, events in memory) only
 * the events another process made (the admin command), until the server takes them in.
 * `live_tickets`: the single-use tickets that open a stream, stored as hashes, so a ticket asked
 * for at one instance opens a stream at another. Never edited once released.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';

export function liveEventsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // 64-bit ids on PostgreSQL: a busy site makes thousands of events a second, for years.
      const table = db.schema.createTable('live_events');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // A reconnect reads its channels after its last id; the sweep goes by age.
      await db.schema.createIndex('live_events_channel_id').on('live_events').columns(['channel', 'id']).execute();
      await db.schema.createIndex('live_events_created_at').on('live_events').column('created_at').execute();

      await db.schema
        .createTable('live_tickets')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        // The session that asked: a ticket opens nothing once that session has ended.
        .addColumn('session_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_tickets_expires_at').on('live_tickets').column('expires_at').execute();
    },
  };
}
