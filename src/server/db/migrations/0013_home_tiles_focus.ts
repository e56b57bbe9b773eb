/**
 * A home tile says which outcomes it is about, and its room opens with those first: eight tiles
 * lead to three rooms, so "USDT Big/Small" and "USDT Odd/Even" differ only in what the room shows
 * first. The tiles still as installed (migration 0006: same game, same English name) get the focus
 * their name promises; the two whose name and picture did not say their coin ("Combinations",
 * "Extremes & Triple") get names and pictures that do, where the operator had not changed them.
 * A fresh install passes through here too. Tiles the operator made are left alone.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { DEFAULT_TILES } from './0006_home_tiles';

interface Renamed {
  title: string;
  vi: string;
  zh_cn: string;
  zh_tw: string;
  img: string;
}

/** By the English name 0006 installed: the outcome keys (src/shared/game/focus.ts) and any new name. */
const FOCUS_OF_DEFAULT: Record<(typeof DEFAULT_TILES)[number]['title'], { focus: string; renamed?: Renamed }> = {
  'USDT Big/Small': { focus: 'big.small' },
  'USDT Odd/Even': { focus: 'odd.even' },
  'BTC Big/Small': { focus: 'big.small' },
  'BTC Odd/Even': { focus: 'odd.even' },
  'ETH Big/Small': { focus: 'big.small' },
  'ETH Odd/Even': { focus: 'odd.even' },
  Combinations: {
    focus: 'bigOdd.bigEven.smallOdd.smallEven',
    renamed: {
      title: 'USDT Combos',
      vi: 'USDT Kết hợp',
      zh_cn: 'USDT 组合',
      zh_tw: 'USDT 組合',
      img: '/tiles/usdt-combinations.svg',
    },
  },
  'Extremes & Triple': {
    focus: 'extremeBig.extremeSmall.triple',
    renamed: {
      title: 'BTC Extremes & Triple',
      vi: 'BTC Cực trị & Bộ ba',
      zh_cn: 'BTC 极值与豹子',
      zh_tw: 'BTC 極值與豹子',
      img: '/tiles/btc-extremes-triple.svg',
    },
  },
};

export function homeTilesFocusMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('home_tiles')
        .addColumn('focus', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      for (const tile of DEFAULT_TILES) {
        const { focus, renamed } = FOCUS_OF_DEFAULT[tile.title];
        const installed = sql`game_id = ${tile.game_id} AND title = ${tile.title}`;
        await sql`UPDATE home_tiles SET focus = ${focus} WHERE ${installed}`.execute(db);
        if (!renamed) continue;
        // Each translation and the picture only where it is still the one installed.
        const columns = [
          ['title_vi', tile.vi, renamed.vi],
          ['title_zh_cn', tile.zh_cn, renamed.zh_cn],
          ['title_zh_tw', tile.zh_tw, renamed.zh_tw],
          ['img', tile.img, renamed.img],
        ] as const;
        for (const [column, before, after] of columns) {
          await sql`UPDATE home_tiles SET ${sql.ref(column)} = ${after}
            WHERE ${installed} AND ${sql.ref(column)} = ${before}`.execute(db);
        }
        await sql`UPDATE home_tiles SET title = ${renamed.title} WHERE ${installed}`.execute(db);
      }
    },
  };
}
