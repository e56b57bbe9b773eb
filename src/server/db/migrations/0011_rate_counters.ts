/**
 * The per-address and per-member request limits (login, register, password reset, SMS,
 * withdrawals), counted in the database so that a restart does not reset them and every instance
 * on the database shares them: one row per limit and client, its hits and the end of its window.
 * Never edited once released; later changes are new migrations.
 */
import type { Kysely, Migration } from 'kysely';

export function rateCountersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      // Windows that ended are swept by this column.
      await db.schema.createIndex('rate_counters_reset_at').on('rate_counters').column('reset_at').execute();
    },
  };
}
