/**
 * Notifications a member asked for (issue 47; domain/push). `push_subscriptions`: one device's Web
 * Push subscription per session (its push service's endpoint, the device's P-256 key and auth
 * secret, the kinds asked for, the language they are said in), gone with its session: logging out,
 * a session ended elsewhere or by a password change ends the device's notifications too. The VAPID
 * private key is never here: it is kept like the draw secret (VAPID_KEY_FILE). Never edited once
 * released.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

export function pushSubscriptionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('push_subscriptions'), dialect)
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('session_hash', 'text', (c) =>
          c.notNull().unique().references('sessions.token_hash').onDelete('cascade'),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        // The kinds asked for, comma-separated (shared/push.ts PUSH_KINDS).
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // A member's news finds their devices by member.
      await db.schema.createIndex('push_subscriptions_member').on('push_subscriptions').column('member_id').execute();
      // The scheduler's lease holder looks each tick for the pauses that just ended.
      await db.schema.createIndex('play_state_paused_until').on('play_state').column('paused_until').execute();
    },
  };
}
