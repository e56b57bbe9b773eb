/**
 * Words and pictures an operator sets per language: a room's title in Vietnamese and both Chinese
 * scripts (the `title` column stays the English one; an empty translation shows the English), and
 * the eight game tiles of home, each leading to a game, with a name and a picture per language.
 * Existing rooms whose title is still the one the install gave them get its translations; a title
 * the operator changed is left alone. A fresh install gets the eight default tiles here.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './columns';

type Translated = { vi: string; zh_cn: string; zh_tw: string };

const COINS: Record<number, string> = { 1: 'USDT', 2: 'BTC', 3: 'ETH' };

/** The room kinds' names as the app's catalogs have them (locales/*.po, context "room kind"). */
export const ROOM_KIND_TITLES: Record<string, { en: string } & Translated> = {
  standard: { en: 'Standard', vi: 'Tiêu chuẩn', zh_cn: '标准', zh_tw: '標準' },
  vip: { en: 'VIP', vi: 'VIP', zh_cn: 'VIP', zh_tw: 'VIP' },
  superior: { en: 'Superior', vi: 'Cao cấp', zh_cn: '高级', zh_tw: '高級' },
  premier: { en: 'Premier', vi: 'Thượng hạng', zh_cn: '至尊', zh_tw: '至尊' },
};

/** A room's default title in every language: its coin, then its kind. */
export function defaultRoomTitles(
  roomtype: number,
  kind: string,
): { title: string } & { [K in keyof Translated as `title_${K}`]: string } {
  const coin = COINS[roomtype] ?? '';
  const names = ROOM_KIND_TITLES[kind] ?? ROOM_KIND_TITLES.standard;
  return {
    title: `${coin} ${names.en}`,
    title_vi: `${coin} ${names.vi}`,
    title_zh_cn: `${coin} ${names.zh_cn}`,
    title_zh_tw: `${coin} ${names.zh_tw}`,
  };
}

/**
 * The eight tiles of a fresh install (SPEC.md section 2, Home: each leads to game 15, 1 or 4): a
 * coin and the kind of stake it is known for. Pictures from public/tiles/, the same in every
 * language until the operator sets others.
 */
export const DEFAULT_TILES = [
  {
    game_id: 15,
    img: '/tiles/usdt-big-small.svg',
    title: 'USDT Big/Small',
    vi: 'USDT Lớn/Nhỏ',
    zh_cn: 'USDT 大小',
    zh_tw: 'USDT 大小',
  },
  {
    game_id: 15,
    img: '/tiles/usdt-odd-even.svg',
    title: 'USDT Odd/Even',
    vi: 'USDT Lẻ/Chẵn',
    zh_cn: 'USDT 单双',
    zh_tw: 'USDT 單雙',
  },
  {
    game_id: 1,
    img: '/tiles/btc-big-small.svg',
    title: 'BTC Big/Small',
    vi: 'BTC Lớn/Nhỏ',
    zh_cn: 'BTC 大小',
    zh_tw: 'BTC 大小',
  },
  {
    game_id: 1,
    img: '/tiles/btc-odd-even.svg',
    title: 'BTC Odd/Even',
    vi: 'BTC Lẻ/Chẵn',
    zh_cn: 'BTC 单双',
    zh_tw: 'BTC 單雙',
  },
  {
    game_id: 4,
    img: '/tiles/eth-big-small.svg',
    title: 'ETH Big/Small',
    vi: 'ETH Lớn/Nhỏ',
    zh_cn: 'ETH 大小',
    zh_tw: 'ETH 大小',
  },
  {
    game_id: 4,
    img: '/tiles/eth-odd-even.svg',
    title: 'ETH Odd/Even',
    vi: 'ETH Lẻ/Chẵn',
    zh_cn: 'ETH 单双',
    zh_tw: 'ETH 單雙',
  },
  { game_id: 15, img: '/tiles/combos.svg', title: 'Combinations', vi: 'Kết hợp', zh_cn: '组合', zh_tw: '組合' },
  {
    game_id: 1,
    img: '/tiles/triple.svg',
    title: 'Extremes & Triple',
    vi: 'Cực trị & Bộ ba',
    zh_cn: '极值与豹子',
    zh_tw: '極值與豹子',
  },
] as const;

export function homeTilesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['title_vi', 'title_zh_cn', 'title_zh_tw']) {
        await db.schema
          .alterTable('rooms')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      const rooms = await sql<{ id: number; roomtype: number; kind: string; title: string }>`
        SELECT id, roomtype, kind, title FROM rooms`.execute(db);
      for (const room of rooms.rows) {
        const titles = defaultRoomTitles(room.roomtype, room.kind);
        if (room.title !== titles.title) continue;
        await sql`UPDATE rooms SET title_vi = ${titles.title_vi}, title_zh_cn = ${titles.title_zh_cn},
          title_zh_tw = ${titles.title_zh_tw} WHERE id = ${room.id}`.execute(db);
      }

      await withId(db.schema.createTable('home_tiles'), dialect)
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_vi', 'text', (c) => c.notNull())
        .addColumn('title_zh_cn', 'text', (c) => c.notNull())
        .addColumn('title_zh_tw', 'text', (c) => c.notNull())
        .addColumn('img', 'text', (c) => c.notNull())
        .addColumn('img_vi', 'text', (c) => c.notNull())
        .addColumn('img_zh_cn', 'text', (c) => c.notNull())
        .addColumn('img_zh_tw', 'text', (c) => c.notNull())
        .execute();
      for (const [index, tile] of DEFAULT_TILES.entries()) {
        await sql`INSERT INTO home_tiles (game_id, sort, title, title_vi, title_zh_cn, title_zh_tw, img, img_vi, img_zh_cn, img_zh_tw)
          VALUES (${tile.game_id}, ${index + 1}, ${tile.title}, ${tile.vi}, ${tile.zh_cn}, ${tile.zh_tw}, ${tile.img}, '', '', '')`.execute(
          db,
        );
      }
    },
  };
}
