/**
 * Upgrading to 0014_withdraw_cancel: the withdrawals table accepts 'cancelled' and keeps every row,
 * id, constraint and index it had (SQLite makes the table again; PostgreSQL swaps the constraint).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createTestDatabase } from './support/database';

describe('upgrading to 0014_withdraw_cancel', () => {
  it('keeps the withdrawals as they were and accepts a cancelled one, nothing else new', async () => {
    const database = await createTestDatabase({ migrateUpTo: '0013_home_tiles_focus' });
    const { db } = database;
    try {
      await sql`INSERT INTO members (username, password_hash, nickname, created_at) VALUES ('alice01', 'x', 'alice01', 1)`.execute(
        db,
      );
      const member = await db.selectFrom('members').select('id').executeTakeFirstOrThrow();
      await sql`INSERT INTO bank_cards (member_id, type, address, fingerprint, created_at)
        VALUES (${member.id}, 'USDT-TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'f', 1)`.execute(db);
      const card = await db.selectFrom('bank_cards').select('id').executeTakeFirstOrThrow();
      const insert = (status: string, key: string | null, cents: number) =>
        sql`INSERT INTO withdrawals (member_id, card_id, card_type, card_bank, card_account, card_username, card_branch,
          card_address, amount_cents, status, idem_key, request_hash, created_at, decided_at, note)
          VALUES (${member.id}, ${card.id}, 'USDT-TRC20', '', '', '', '', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', ${cents},
          ${status}, ${key}, 'h', 5, ${status === 'pending' ? null : 6}, ${status === 'paid' ? 'ref VCB-7781' : ''})`.execute(
          db,
        );
      await insert('pending', 'k1', 10_00);
      await insert('paid', null, 20_00);
      await insert('rejected', 'k3', 30_00);
      const cancelledBefore = insert('cancelled', null, 40_00);
      await expect(cancelledBefore).rejects.toThrow();
      const before = await db.selectFrom('withdrawals').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(db, database.dialect)).toContain('0014_withdraw_cancel');

      expect(await db.selectFrom('withdrawals').selectAll().orderBy('id').execute()).toEqual(before);
      await insert('cancelled', null, 40_00);
      const rows = await db.selectFrom('withdrawals').select(['id', 'status']).orderBy('id').execute();
      expect(rows.map((r) => r.status)).toEqual(['pending', 'paid', 'rejected', 'cancelled']);
      // A new row's id follows the old ones; the other constraints still hold.
      expect(rows[3].id).toBeGreaterThan(before[2].id);
      await expect(insert('bogus', null, 1_00)).rejects.toThrow();
      await expect(insert('pending', null, 0)).rejects.toThrow();
      await expect(insert('pending', 'k1', 1_00)).rejects.toThrow();
      const indexes =
        database.dialect === 'sqlite'
          ? await sql<{
              name: string;
            }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'withdrawals'`.execute(db)
          : await sql<{
              name: string;
            }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'withdrawals'`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['withdrawals_member_time', 'withdrawals_status']),
      );
    } finally {
      await database.close();
    }
  });
});
