/**
 * A member may cancel a withdrawal while it waits for the operator: 'cancelled' joins the statuses
 * the table accepts. PostgreSQL swaps the CHECK constraint. SQLite cannot alter a constraint, so the
 * table is made again with the new one (the same columns, rows, ids and indexes) and renamed in
 * place; no other table refers to withdrawals (the fund log names them by text), so nothing else moves.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

const STATUSES = sql`status IN ('pending', 'paid', 'rejected', 'cancelled')`;

/** The withdrawals table of 0003_wallet, named `name`, with the statuses of this migration. */
async function createWithdrawals(db: Kysely<unknown>, dialect: Dialect, name: string): Promise<void> {
  await withId(db.schema.createTable(name), dialect)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('bank_cards.id'))
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('card_bank', 'text', (c) => c.notNull())
    .addColumn('card_account', 'text', (c) => c.notNull())
    .addColumn('card_username', 'text', (c) => c.notNull())
    .addColumn('card_branch', 'text', (c) => c.notNull())
    .addColumn('card_address', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('idem_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('withdrawals_amount_positive', sql`amount_cents > 0`)
    .addCheckConstraint('withdrawals_status', STATUSES)
    .addUniqueConstraint('withdrawals_member_key', ['member_id', 'idem_key'])
    .execute();
}

export function withdrawCancelMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status`.execute(db);
        await sql`ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status CHECK (${STATUSES})`.execute(db);
        return;
      }
      await createWithdrawals(db, dialect, 'withdrawals_new');
      await sql`INSERT INTO withdrawals_new SELECT id, member_id, card_id, card_type, card_bank, card_account,
        card_username, card_branch, card_address, amount_cents, status, idem_key, request_hash, created_at,
        decided_at, note FROM withdrawals`.execute(db);
      await db.schema.dropTable('withdrawals').execute();
      await sql`ALTER TABLE withdrawals_new RENAME TO withdrawals`.execute(db);
      await db.schema
        .createIndex('withdrawals_member_time')
        .on('withdrawals')
        .columns(['member_id', 'created_at'])
        .execute();
      await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
    },
  };
}
