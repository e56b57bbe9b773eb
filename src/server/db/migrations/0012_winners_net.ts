/**
 * The winners ticker counts a member's round, not a winning line: a member who staked on Big and
 * Small lost money even though one line won. Settlement now keeps, per member and round, what the
 * member staked and what the round paid back (round_results); the ticker reads the rounds whose
 * payout exceeded the stakes through a partial index, newest first, so it still reads a handful
 * of entries however many orders exist. Rounds settled before this migration are filled in from
 * their settled lines. The index of winning lines (0004) served only the ticker and goes.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

export function winnersNetMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('round_results'), dialect)
        .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        /** The member's stakes in the round, cancelled lines excluded. */
        .addColumn('stake_cents', 'bigint', (c) => c.notNull())
        /** What the round paid the member back (wins and refunds). */
        .addColumn('award_cents', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('round_results_round_member', ['round_id', 'member_id'])
        .addCheckConstraint('round_results_stake', sql`stake_cents > 0`)
        .addCheckConstraint('round_results_award', sql`award_cents >= 0`)
        .execute();
      await db.schema
        .createIndex('round_results_winners')
        .on('round_results')
        .columns(['settled_at', 'id'])
        .where(sql.ref('award_cents'), '>', sql.ref('stake_cents'))
        .execute();

      await fillRoundResults(db);
      await db.schema.dropIndex('order_lines_winners').execute();
    },
  };
}

/** Each member's settled rounds as settlement would have recorded them, from the settled lines. */
export async function fillRoundResults(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO round_results (round_id, member_id, stake_cents, award_cents, settled_at)
    SELECT round_id, member_id, SUM(stake_cents), SUM(award_cents), MAX(finished_at)
    FROM order_lines
    WHERE status IN ('win', 'lose', 'refund')
    GROUP BY round_id, member_id
    ORDER BY MAX(finished_at), round_id, member_id`.execute(db);
}
