/**
 * The round engine: operator switches on games and rooms, hash chains for provably fair seeds,
 * rounds, orders (a group per request, a line per outcome) and the lease that picks which server
 * process drives the rounds. Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

/** SQLite adds one column per ALTER TABLE statement. */
async function addIntegerColumn(db: Kysely<unknown>, table: string, column: string, value: number): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn(column, 'integer', (c) => c.notNull().defaultTo(value))
    .execute();
}

export function roundsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Orders stop when this many seconds remain (SPEC.md section 4: 60); per game so e2e runs can be short.
      await addIntegerColumn(db, 'games', 'close_seconds', 60);
      await addIntegerColumn(db, 'games', 'enabled', 1);
      await addIntegerColumn(db, 'rooms', 'minlevel', 0);
      await addIntegerColumn(db, 'rooms', 'refund1314', 0);
      await addIntegerColumn(db, 'rooms', 'enabled', 1);
      // DESIGN.md section 4: VIP rooms need level >= 2 (configurable per room with room:set).
      await sql`UPDATE rooms SET minlevel = 2 WHERE kind = 'vip'`.execute(db);

      await withId(db.schema.createTable('fairness_chains'), dialect)
        .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
        // Secret until each seed is revealed: never leaves the server.
        .addColumn('top_seed', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull())
        .addColumn('length', 'integer', (c) => c.notNull())
        .addColumn('checkpoint_every', 'integer', (c) => c.notNull())
        /** JSON list: element j is seed[j * checkpoint_every]. */
        .addColumn('checkpoints', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('fairness_chains_game').on('fairness_chains').columns(['game_id', 'id']).execute();

      await withId(db.schema.createTable('rounds'), dialect)
        .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
        .addColumn('seqno', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('open_at', 'bigint', (c) => c.notNull())
        .addColumn('close_at', 'bigint', (c) => c.notNull())
        .addColumn('draw_at', 'bigint', (c) => c.notNull())
        .addColumn('chain_id', 'integer', (c) => c.notNull().references('fairness_chains.id'))
        .addColumn('chain_index', 'integer', (c) => c.notNull())
        .addColumn('commitment', 'text', (c) => c.notNull())
        .addColumn('seed', 'text')
        .addColumn('num1', 'integer')
        .addColumn('num2', 'integer')
        .addColumn('num3', 'integer')
        .addColumn('sum', 'integer')
        .addColumn('drawn_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addCheckConstraint('rounds_status', sql`status IN ('open', 'drawn')`)
        .addUniqueConstraint('rounds_game_seqno', ['game_id', 'seqno'])
        // One seed, one round: two processes can never both use a chain element.
        .addUniqueConstraint('rounds_chain_index', ['chain_id', 'chain_index'])
        .execute();
      await db.schema.createIndex('rounds_game_id').on('rounds').columns(['game_id', 'id']).execute();
      await db.schema.createIndex('rounds_status_draw').on('rounds').columns(['status', 'draw_at']).execute();

      await withId(db.schema.createTable('order_groups'), dialect)
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('idem_key', 'text')
        .addColumn('request_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('order_groups_total_positive', sql`total_cents > 0`)
        // NULL keys never collide, so orders without a key are unaffected.
        .addUniqueConstraint('order_groups_member_key', ['member_id', 'idem_key'])
        .execute();

      await withId(db.schema.createTable('order_lines'), dialect)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('order_groups.id'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
        .addColumn('outcome', 'integer', (c) => c.notNull())
        /** The room's rate in hundredths when the order was taken (the odds the member accepted). */
        .addColumn('rate', 'integer', (c) => c.notNull())
        .addColumn('stake_cents', 'bigint', (c) => c.notNull())
        /** The room's rule-set when the order was taken. */
        .addColumn('refund1314', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('wait'))
        .addColumn('award_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addCheckConstraint('order_lines_outcome', sql`outcome >= 0 AND outcome <= 10`)
        .addCheckConstraint('order_lines_stake_positive', sql`stake_cents > 0`)
        .addCheckConstraint('order_lines_award', sql`award_cents >= 0`)
        .addCheckConstraint('order_lines_status', sql`status IN ('wait', 'win', 'lose', 'refund', 'cancel')`)
        .execute();
      await db.schema
        .createIndex('order_lines_settle')
        .on('order_lines')
        .columns(['round_id', 'status', 'member_id'])
        .execute();
      await db.schema
        .createIndex('order_lines_feed')
        .on('order_lines')
        .columns(['round_id', 'room_id', 'id'])
        .execute();
      await db.schema.createIndex('order_lines_member').on('order_lines').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('order_lines_group').on('order_lines').column('group_id').execute();

      await db.schema
        .createTable('scheduler_lease')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO scheduler_lease (name, holder, expires_at) VALUES ('rounds', '', 0)`.execute(db);
    },
  };
}
