/**
 * The first schema: accounts, sessions, invitations, captchas, the fund log, operator settings,
 * and the catalogue of games, rooms, articles and banners. Later issues add migrations; this one
 * never changes once released.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

export function initialMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('members'), dialect)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('pay_password_hash', 'text')
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('money_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('quhao', 'text', (c) => c.notNull().defaultTo('+84'))
        .addColumn('lang', 'text', (c) => c.notNull().defaultTo('vi'))
        .addColumn('invited_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // The database itself refuses a negative balance, behind the conditional update of the ledger.
        .addCheckConstraint('members_money_non_negative', sql`money_cents >= 0`)
        .addCheckConstraint('members_level_range', sql`level >= 1 AND level <= 8`)
        .execute();
      await db.schema.createIndex('members_phone').on('members').columns(['quhao', 'phone']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();

      await withId(db.schema.createTable('invitations'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('sms_codes'), dialect)
        .addColumn('quhao', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sms_codes_number').on('sms_codes').columns(['quhao', 'phone', 'sent_at']).execute();

      await withId(db.schema.createTable('fund_log'), dialect)
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('before_cents', 'bigint', (c) => c.notNull())
        .addColumn('after_cents', 'bigint', (c) => c.notNull())
        .addColumn('reason_code', 'text', (c) => c.notNull())
        .addColumn('reason_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ref_type', 'text', (c) => c.notNull())
        .addColumn('ref_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('fund_log_arithmetic', sql`after_cents = before_cents + amount_cents`)
        .execute();
      await db.schema.createIndex('fund_log_member_time').on('fund_log').columns(['member_id', 'created_at']).execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('games')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('minjoin_cents', 'bigint', (c) => c.notNull())
        .addColumn('round_seconds', 'integer', (c) => c.notNull())
        .execute();

      let rooms = withId(db.schema.createTable('rooms'), dialect)
        .addColumn('roomtype', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
        .addColumn('minjoin_cents', 'bigint', (c) => c.notNull())
        .addColumn('minbuy_cents', 'bigint', (c) => c.notNull());
      for (let i = 0; i <= 10; i++) rooms = rooms.addColumn(`rate${i}`, 'integer', (c) => c.notNull());
      await rooms
        .addCheckConstraint('rooms_roomtype', sql`roomtype IN (1, 2, 3)`)
        .addCheckConstraint('rooms_kind', sql`kind IN ('standard', 'vip', 'superior', 'premier')`)
        .execute();

      await withId(db.schema.createTable('articles'), dialect)
        .addColumn('category', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_ft', 'text', (c) => c.notNull())
        .addColumn('title_yw', 'text', (c) => c.notNull())
        .addColumn('title_vi', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('content_ft', 'text', (c) => c.notNull())
        .addColumn('content_yw', 'text', (c) => c.notNull())
        .addColumn('content_vi', 'text', (c) => c.notNull())
        .addColumn('img', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_category').on('articles').column('category').execute();

      await withId(db.schema.createTable('banners'), dialect)
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('path_tw', 'text', (c) => c.notNull())
        .addColumn('path_vi', 'text', (c) => c.notNull())
        .addColumn('path_yw', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
