/**
 * The home page's winners ticker polls the latest settled winning lines. A partial index holds
 * only winning lines, in settlement order, so the query reads a handful of entries however many
 * orders exist, and placing an order (a waiting line) never touches it.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function winnersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('order_lines_winners')
        .on('order_lines')
        .columns(['finished_at', 'id'])
        .where(sql.ref('status'), '=', sql.lit('win'))
        .execute();
    },
  };
}
