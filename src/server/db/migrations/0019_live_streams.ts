/**
 * The open live streams of every instance, one row each, so the caps per member and per address
 * hold across instances (an instance alone cannot see the others' streams). A row is taken before
 * a stream opens, by one statement that counts and inserts under a lock (repositories/liveStreams.ts),
 * and removed once its socket has closed. Its instance renews `expires_at` while it runs; the rows
 * of an instance that died stop counting when they expire, and are swept.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

export function liveStreamsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('live_streams'), dialect)
        .addColumn('instance', 'text', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_streams_member')
        .on('live_streams')
        .columns(['member_id', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('live_streams_address')
        .on('live_streams')
        .columns(['address', 'expires_at'])
        .execute();
      await db.schema.createIndex('live_streams_instance').on('live_streams').column('instance').execute();
      // A session's outstanding tickets are bounded (domain/live/tickets.ts): found by session.
      await db.schema
        .createIndex('live_tickets_session')
        .on('live_tickets')
        .columns(['session_hash', 'expires_at'])
        .execute();
    },
  };
}
