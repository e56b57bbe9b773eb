/**
 * Responsible play: the limits members set for themselves, their pauses and the reality check.
 *
 * - play_state: one row per member who set anything. The pause in force (orders refused until
 *   paused_until), the reality check's interval, and what the member has used of stake and loss
 *   limits in the current day, week and month. Those usage figures are kept only while the member
 *   has a stake or loss limit (seeded from the order lines when one is set), so an order of a
 *   member with limits checks them with one conditional UPDATE of this row.
 * - play_limits: one row per member, period and kind: the limit in force (0 = none) and a looser
 *   one asked for with the time it applies.
 * - play_history: every change, with who made it and when it applies.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

export function playLimitsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const usage = ['day', 'week', 'month'] as const;
      let state = db.schema
        .createTable('play_state')
        .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id'))
        .addColumn('paused_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('pause_kind', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reality_minutes', 'integer', (c) => c.notNull().defaultTo(30));
      for (const period of usage) {
        // The period's first server day, and stakes and net loss (stakes minus payouts) of the
        // order lines placed in it.
        state = state
          .addColumn(`${period}_start`, 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn(`${period}_stake`, 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn(`${period}_loss`, 'bigint', (c) => c.notNull().defaultTo(0));
      }
      await state
        .addCheckConstraint('play_state_pause_kind', sql`pause_kind IN ('', 'cooloff', 'exclusion')`)
        .addCheckConstraint('play_state_reality', sql`reality_minutes IN (0, 15, 30, 60)`)
        .execute();

      await db.schema
        .createTable('play_limits')
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('limit_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        // A looser limit waiting for its time (0 = removal); both null when none waits.
        .addColumn('next_cents', 'bigint')
        .addColumn('next_at', 'bigint')
        .addPrimaryKeyConstraint('play_limits_pk', ['member_id', 'period', 'kind'])
        .addCheckConstraint('play_limits_period', sql`period IN ('day', 'week', 'month')`)
        .addCheckConstraint('play_limits_kind', sql`kind IN ('stake', 'loss', 'deposit')`)
        .addCheckConstraint('play_limits_amounts', sql`limit_cents >= 0 AND (next_cents IS NULL OR next_cents >= 0)`)
        .execute();

      await withId(db.schema.createTable('play_history'), dialect)
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('what', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        // A limit: which, from and to (cents, 0 = none), and when the new one applies.
        .addColumn('period', 'text')
        .addColumn('kind', 'text')
        .addColumn('from_cents', 'bigint')
        .addColumn('to_cents', 'bigint')
        .addColumn('effective_at', 'bigint')
        // A pause: which, how many days, until when.
        .addColumn('pause_kind', 'text')
        .addColumn('days', 'integer')
        .addColumn('until_at', 'bigint')
        // The reality check's new interval.
        .addColumn('minutes', 'integer')
        .addCheckConstraint('play_history_what', sql`what IN ('limit', 'pause', 'realityCheck')`)
        .addCheckConstraint('play_history_by', sql`changed_by IN ('member', 'operator')`)
        .execute();
      await db.schema.createIndex('play_history_member').on('play_history').columns(['member_id', 'id']).execute();
    },
  };
}
