/**
 * The wallet: saved withdrawal accounts and withdrawals. A withdrawal keeps a copy of its
 * destination, so deleting an account (a soft delete) never changes where held money was going.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

export function walletMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('bank_cards'), dialect)
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('bank', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('account', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('branch', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        // What makes two accounts the same (type + normalized number or address), for duplicates.
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // Soft delete: withdrawals keep pointing at the row they were made to.
        .addColumn('deleted_at', 'bigint')
        .addCheckConstraint('bank_cards_type', sql`type IN ('Bank', 'USDT-TRC20', 'USDT-ERC20')`)
        .execute();
      await db.schema.createIndex('bank_cards_member').on('bank_cards').columns(['member_id', 'id']).execute();
      // One live copy of an account per member, even when two adds race.
      await db.schema
        .createIndex('bank_cards_member_fingerprint')
        .on('bank_cards')
        .columns(['member_id', 'fingerprint'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await withId(db.schema.createTable('withdrawals'), dialect)
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('card_id', 'integer', (c) => c.notNull().references('bank_cards.id'))
        // The destination as it was at request time.
        .addColumn('card_type', 'text', (c) => c.notNull())
        .addColumn('card_bank', 'text', (c) => c.notNull())
        .addColumn('card_account', 'text', (c) => c.notNull())
        .addColumn('card_username', 'text', (c) => c.notNull())
        .addColumn('card_branch', 'text', (c) => c.notNull())
        .addColumn('card_address', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('idem_key', 'text')
        /** SHA-256 of the request's destination and amount, to tell a retry from a reuse of the key. */
        .addColumn('request_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addCheckConstraint('withdrawals_amount_positive', sql`amount_cents > 0`)
        .addCheckConstraint('withdrawals_status', sql`status IN ('pending', 'paid', 'rejected')`)
        // NULL keys never collide, so withdrawals without a key are unaffected.
        .addUniqueConstraint('withdrawals_member_key', ['member_id', 'idem_key'])
        .execute();
      await db.schema
        .createIndex('withdrawals_member_time')
        .on('withdrawals')
        .columns(['member_id', 'created_at'])
        .execute();
      await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
    },
  };
}
