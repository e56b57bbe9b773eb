/**
 * The signed ledger (issue 46; domain/signedLedger). `ledger_heads`: one row per closed period of
 * the fund log, as it was hashed and signed (hex), chained to the head before. `ledger_balances`:
 * every member's balance at each head, the leaves of its liabilities tree. `ledger_keys`: the
 * public keys that signed heads, each later one vouched for by the key before it. The private keys
 * are never here: they are kept like the draw secret (LEDGER_KEY_FILE). Never edited once released.
 */
import type { Kysely, Migration } from 'kysely';

export function ledgerHeadsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ledger_heads')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('closed_at', 'bigint', (c) => c.notNull())
        .addColumn('first_row_id', 'bigint', (c) => c.notNull())
        .addColumn('last_row_id', 'bigint', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('root', 'text', (c) => c.notNull())
        .addColumn('liabilities_root', 'text', (c) => c.notNull())
        .addColumn('liabilities_cents', 'bigint', (c) => c.notNull())
        .addColumn('liabilities_count', 'integer', (c) => c.notNull())
        .addColumn('previous_hash', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('head_hash', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .execute();
      // A member's row is found in its period by id.
      await db.schema.createIndex('ledger_heads_last_row').on('ledger_heads').column('last_row_id').execute();

      await db.schema
        .createTable('ledger_balances')
        .addColumn('head_seq', 'integer', (c) => c.notNull().references('ledger_heads.seq'))
        .addColumn('member_id', 'integer', (c) => c.notNull())
        .addColumn('balance_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_balances_pk', ['head_seq', 'member_id'])
        .execute();

      await db.schema
        .createTable('ledger_keys')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        // The key before it, its signature of this key's handover, and the first head this key signs.
        .addColumn('previous_key_id', 'text')
        .addColumn('handover', 'text')
        .addColumn('from_seq', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
