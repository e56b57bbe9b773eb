/**
 * Home's eight game tiles and the rooms' titles per language: what a fresh install answers, what
 * the operator changes from the command line (tile:import, room:set --title-vi ...), the rule that
 * a tile leads somewhere (a room that is there and open; two tiles to one room differ in the
 * outcomes they show first), and the migrations that bring an existing database's rooms their
 * translations and its tiles their focus.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { HomeTile, Room } from '../../src/shared/api/types';
import { OUTCOME_KEYS } from '../../src/shared/game';
import { LOCALES } from '../../src/shared/locale';
import { openSqlite } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { allMigrations } from '../../src/server/db/migrations';
import { adminOf } from './support/admin';
import { ROOM } from './support/game';
import { registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = adminOf(() => server);

async function tiles(): Promise<HomeTile[]> {
  const answer = await server.call<HomeTile[]>(ApiPath.homeTiles, {});
  expect(answer.body.code).toBe(1);
  return answer.body.data;
}

/** A tile as the operator's file writes it, from what the app reads. */
function asTileFile(tile: HomeTile) {
  return {
    game: tile.gameid,
    focus: (tile.focus ?? []).map((value) => OUTCOME_KEYS[value]),
    name: tile.names,
    img: tile.images,
  };
}

const COIN_OF_GAME: Record<number, string> = { 15: 'USDT', 1: 'BTC', 4: 'ETH' };

describe('home tiles of a fresh install', () => {
  it('eight tiles, each to game 15, 1 or 4 and its standard room, named in all four languages, pictured from public/', async () => {
    const list = await tiles();
    expect(list).toHaveLength(8);
    const rooms = await server.deps.db.selectFrom('rooms').select(['id', 'game_id', 'kind']).execute();
    for (const tile of list) {
      expect([15, 1, 4]).toContain(tile.gameid);
      const standard = rooms.find((room) => room.game_id === tile.gameid && room.kind === 'standard');
      expect(tile.roomid).toBe(standard?.id);
      for (const locale of LOCALES) expect(tile.names[locale], `${tile.id} ${locale}`).not.toBe('');
      expect(existsSync(join('public', tile.images.en))).toBe(true);
    }
    // Different names: not eight copies of one tile.
    expect(new Set(list.map((tile) => tile.names.en)).size).toBe(8);
    expect(new Set(list.map((tile) => tile.names.vi)).size).toBe(8);
    // A guest may read them: no token.
    expect(list.find((tile) => tile.gameid === 15)?.seconds).toBeGreaterThan(0);
  });

  it('each tile names and pictures the coin of its room, and opens it with the outcomes its name promises first', async () => {
    const list = await tiles();
    const byName = new Map(list.map((tile) => [tile.names.en, tile]));
    for (const tile of list) {
      const coin = COIN_OF_GAME[tile.gameid];
      for (const locale of LOCALES) expect(tile.names[locale], `${tile.names.en} ${locale}`).toMatch(`${coin} `);
      expect(tile.images.en).toMatch(new RegExp(`^/tiles/${coin.toLowerCase()}-`));
      expect(tile.enabled).toBe(true);
    }
    const focusOf = (name: string) => byName.get(name)?.focus?.map((value) => OUTCOME_KEYS[value]);
    for (const coin of ['USDT', 'BTC', 'ETH']) {
      expect(focusOf(`${coin} Big/Small`)).toEqual(['big', 'small']);
      expect(focusOf(`${coin} Odd/Even`)).toEqual(['odd', 'even']);
    }
    expect(focusOf('USDT Combos')).toEqual(['bigOdd', 'bigEven', 'smallOdd', 'smallEven']);
    expect(focusOf('BTC Extremes & Triple')).toEqual(['extremeBig', 'extremeSmall', 'triple']);
    // No two tiles open one room the same way.
    const targets = list.map((tile) => `${tile.roomid} ${(tile.focus ?? []).join(',')}`);
    expect(new Set(targets).size).toBe(list.length);
  });

  it("the installed tiles pass the operator's import rule as they are", async () => {
    const installed = await tiles();
    const file = join(server.database.dir, 'installed-tiles.json');
    writeFileSync(file, JSON.stringify(installed.map(asTileFile)));
    const done = await admin('tile:import', file);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    server.expireCaches();
    const again = await tiles();
    expect(again.map(({ id: _, ...tile }) => tile)).toEqual(installed.map(({ id: _, ...tile }) => tile));
  });

  it('the example file of docs/examples imports as it is and holds the tiles of a fresh install', async () => {
    const installed = await tiles();
    const done = await admin('tile:import', 'docs/examples/tiles.json');
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    server.expireCaches();
    expect((await tiles()).map(({ id: _, ...tile }) => tile)).toEqual(installed.map(({ id: _, ...tile }) => tile));
  });

  it('rooms answer their title in every language', async () => {
    const { token } = await registerMember(server);
    const answer = await server.call<Room[]>(ApiPath.roomList, { token, roomtype: 1 });
    const standard = answer.body.data.find((room) => room.id === ROOM.usdtStandard);
    expect(standard).toMatchObject({
      title: 'USDT Standard',
      titles: { en: 'USDT Standard', vi: 'USDT Tiêu chuẩn', 'zh-CN': 'USDT 标准', 'zh-TW': 'USDT 標準' },
    });
    const premier = answer.body.data.find((room) => room.kind === 'premier');
    expect(premier?.titles).toEqual({
      en: 'USDT Premier',
      vi: 'USDT Thượng hạng',
      'zh-CN': 'USDT 至尊',
      'zh-TW': 'USDT 至尊',
    });
  });
});

describe('the operator changes them', () => {
  it('tile:import replaces the tiles; a missing translation is stored empty (the English shows); a bad file changes nothing', async () => {
    const folder = join(server.database.dir, 'tiles');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'tiles.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          game: 4,
          name: { en: 'Lucky ETH', vi: 'ETH may mắn' },
          img: { en: '/tiles/triple.svg', vi: '/tiles/vi.svg' },
        },
        { game: 15, name: { en: 'Quick USDT' }, img: { en: '/tiles/combos.svg' }, sort: 0 },
      ]),
    );
    const done = await admin('tile:import', file);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    server.expireCaches();
    const list = await tiles();
    expect(list.map((tile) => tile.names.en)).toEqual(['Quick USDT', 'Lucky ETH']);
    expect(list[1]).toMatchObject({
      gameid: 4,
      names: { en: 'Lucky ETH', vi: 'ETH may mắn', 'zh-CN': '', 'zh-TW': '' },
      images: { en: '/tiles/triple.svg', vi: '/tiles/vi.svg', 'zh-CN': '', 'zh-TW': '' },
    });

    const bad = join(folder, 'bad.json');
    for (const content of [
      [{ game: 99, name: { en: 'No such game' }, img: { en: '/x.svg' } }],
      [{ game: 15, name: { vi: 'Không có tiếng Anh' }, img: { en: '/x.svg' } }],
      [{ game: 15, name: { en: 'Script' }, img: { en: 'javascript:alert(1)' } }],
      [{ game: 15, name: { en: 'Bidi \u202e' }, img: { en: '/x.svg' } }],
      [{ game: 15, name: { en: 'Fine' }, img: { en: '/x.svg' }, colour: 'red' }],
    ]) {
      writeFileSync(bad, JSON.stringify(content));
      const refused = await admin('tile:import', bad);
      expect(refused.code, JSON.stringify(content)).toBe(1);
    }
    server.expireCaches();
    expect((await tiles()).map((tile) => tile.names.en)).toEqual(['Quick USDT', 'Lucky ETH']);
    const listed = await admin('tile:list');
    expect(listed.out).toContain('game 4: Lucky ETH / ETH may mắn / - / -');
  });

  it('room:set sets a title per language', async () => {
    const done = await admin(
      'room:set',
      String(ROOM.btcStandard),
      '--title-vi',
      'Phòng BTC',
      '--title-zh-tw',
      'BTC 房間',
    );
    expect(done.err).toBe('');
    const row = await server.deps.db
      .selectFrom('rooms')
      .select(['title', 'title_vi', 'title_zh_tw'])
      .where('id', '=', ROOM.btcStandard)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'BTC Standard', title_vi: 'Phòng BTC', title_zh_tw: 'BTC 房間' });
    expect(done.out).toContain('titles vi Phòng BTC, zh-CN BTC 标准, zh-TW BTC 房間');
  });
});

describe('a tile leads somewhere', () => {
  const tile = (game: number, focus?: string[], en = `Tile ${game} ${focus?.join(' ') ?? ''}`) => ({
    game,
    ...(focus === undefined ? {} : { focus }),
    name: { en },
    img: { en: '/tiles/combos.svg' },
  });

  async function importTiles(content: unknown) {
    const file = join(server.database.dir, `tiles-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(content));
    return admin('tile:import', file);
  }

  async function setGameAndRoom(game: 'on' | 'off', room: 'on' | 'off') {
    expect((await admin('game:set', '15', '--enabled', game)).code).toBe(0);
    expect((await admin('room:set', String(ROOM.usdtStandard), '--enabled', room)).code).toBe(0);
    server.expireCaches();
  }

  it('tiles of one room open it with different outcomes first; the app reads them as indices', async () => {
    const done = await importTiles([
      tile(15, ['big', 'small'], 'USDT Big/Small'),
      tile(15, ['triple', 'extremeSmall', 'extremeBig'], 'USDT Extremes'),
      tile(15, undefined, 'USDT Standard'),
      tile(1, [], 'BTC Standard'),
    ]);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(done.out).toContain('game 15 (big, small), USDT Big/Small');
    server.expireCaches();
    const list = await tiles();
    expect(list.map((t) => [t.names.en, t.roomid, t.focus])).toEqual([
      ['USDT Big/Small', ROOM.usdtStandard, [0, 1]],
      ['USDT Extremes', ROOM.usdtStandard, [8, 9, 10]],
      ['USDT Standard', ROOM.usdtStandard, []],
      ['BTC Standard', ROOM.btcStandard, []],
    ]);
    expect((await admin('tile:list')).out).toContain('game 15 (extremeBig, extremeSmall, triple): USDT Extremes');
  });

  it('refuses a game or room that is not there or switched off, and two tiles that open one room the same way; nothing changes', async () => {
    const before = await tiles();
    // A game of its own without any room.
    await server.deps.db
      .insertInto('games')
      .values({ id: 77, type: 77, title: 'roomless', minjoin_cents: 100_00, round_seconds: 120 })
      .execute();
    const refusals: [unknown, string][] = [
      [[tile(99)], 'game must be one of'],
      [[tile(77)], 'game 77 has no room to open'],
      [[tile(15, ['big', 'small']), tile(15, ['small', 'big'])], 'same focus as tile 1'],
      [[tile(15), tile(4), tile(15)], 'tile 3: opens room 1 (USDT Standard) with the same focus as tile 1'],
      [[tile(15, ['huge'])], 'focus names no outcome ["huge"]'],
      [[tile(15, ['big', 'big'])], 'focus names an outcome twice'],
      [[tile(15, [...OUTCOME_KEYS])], 'focus names every outcome'],
      [[{ ...tile(15), focus: 'big' }], 'focus must be a list of outcomes'],
    ];
    for (const [content, why] of refusals) {
      const refused = await importTiles(content);
      expect(refused.code, JSON.stringify(content)).toBe(1);
      expect(refused.err, JSON.stringify(content)).toContain(why);
    }

    await setGameAndRoom('off', 'on');
    try {
      const refused = await importTiles([tile(4), tile(15, ['big', 'small'])]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('tile 2: game 15 is switched off');
      await setGameAndRoom('on', 'off');
      const closedRoom = await importTiles([tile(15, ['odd', 'even'])]);
      expect(closedRoom.code).toBe(1);
      expect(closedRoom.err).toContain(`tile 1: room ${ROOM.usdtStandard} (USDT Standard) is switched off`);
    } finally {
      await setGameAndRoom('on', 'on');
    }
    server.expireCaches();
    expect(await tiles()).toEqual(before);
  });

  it('a tile whose room is switched off after the import says so (enabled false) rather than leading into a refusal', async () => {
    expect((await importTiles([tile(15, ['big', 'small']), tile(1, ['odd', 'even'])])).code).toBe(0);
    await setGameAndRoom('on', 'off');
    try {
      expect((await tiles()).map((t) => [t.gameid, t.enabled])).toEqual([
        [15, false],
        [1, true],
      ]);
      await setGameAndRoom('off', 'on');
      expect((await tiles()).map((t) => t.enabled)).toEqual([false, true]);
    } finally {
      await setGameAndRoom('on', 'on');
    }
    expect((await tiles()).map((t) => t.enabled)).toEqual([true, true]);
  });
});

describe('migration 0006 on a database made before it', () => {
  it('translates the rooms still titled as installed, leaves a renamed one alone, and adds the eight tiles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tiles-migration-'));
    const { db } = openSqlite(join(dir, 'app.sqlite'));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations('sqlite') } });
      const before = await migrator.migrateTo('0005_guards');
      expect(before.error).toBeUndefined();
      await db
        .insertInto('games')
        .values({ id: 15, type: 15, title: '2 min', minjoin_cents: 100_00, round_seconds: 120 })
        .execute();
      const rates = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`rate${i}`, 195]));
      const room = { roomtype: 1, game_id: 15, minjoin_cents: 100_00, minbuy_cents: 20_00, ...rates };
      // Written as the schema then was: no translation columns yet.
      const insert = (kind: string, title: string) =>
        (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
          .insertInto('rooms')
          .values({ ...room, kind, title })
          .execute();
      await insert('standard', 'USDT Standard');
      await insert('vip', 'Golden hall');
      // The tiles' migration runs first of those after 0005 (later ones follow it).
      expect((await migrateToLatest(db, 'sqlite'))[0]).toBe('0006_home_tiles');
      const rows = await db.selectFrom('rooms').select(['title', 'title_vi', 'title_zh_cn']).orderBy('id').execute();
      expect(rows).toEqual([
        { title: 'USDT Standard', title_vi: 'USDT Tiêu chuẩn', title_zh_cn: 'USDT 标准' },
        { title: 'Golden hall', title_vi: '', title_zh_cn: '' },
      ]);
      expect(await db.selectFrom('home_tiles').select('game_id').execute()).toHaveLength(8);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 0013 on a database made before it', () => {
  it("gives the tiles still as installed the focus their name promises and the coin in name and picture; leaves the operator's alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tiles-focus-migration-'));
    const { db } = openSqlite(join(dir, 'app.sqlite'));
    try {
      const migrations = allMigrations('sqlite');
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0013_home_tiles_focus') - 1];
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      // Written as the schema then was: no focus column yet.
      const old = db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
      await old.updateTable('home_tiles').set({ title_vi: 'Tổ hợp' }).where('title', '=', 'Combinations').execute();
      await old
        .insertInto('home_tiles')
        .values({
          game_id: 4,
          sort: 9,
          title: 'Lucky ETH',
          title_vi: '',
          title_zh_cn: '',
          title_zh_tw: '',
          img: '/tiles/triple.svg',
          img_vi: '',
          img_zh_cn: '',
          img_zh_tw: '',
        })
        .execute();

      expect((await migrateToLatest(db, 'sqlite'))[0]).toBe('0013_home_tiles_focus');
      const rows = await db
        .selectFrom('home_tiles')
        .select(['game_id', 'title', 'title_vi', 'title_zh_tw', 'img', 'focus'])
        .orderBy('sort')
        .execute();
      expect(rows).toEqual([
        {
          game_id: 15,
          title: 'USDT Big/Small',
          title_vi: 'USDT Lớn/Nhỏ',
          title_zh_tw: 'USDT 大小',
          img: '/tiles/usdt-big-small.svg',
          focus: 'big.small',
        },
        {
          game_id: 15,
          title: 'USDT Odd/Even',
          title_vi: 'USDT Lẻ/Chẵn',
          title_zh_tw: 'USDT 單雙',
          img: '/tiles/usdt-odd-even.svg',
          focus: 'odd.even',
        },
        {
          game_id: 1,
          title: 'BTC Big/Small',
          title_vi: 'BTC Lớn/Nhỏ',
          title_zh_tw: 'BTC 大小',
          img: '/tiles/btc-big-small.svg',
          focus: 'big.small',
        },
        {
          game_id: 1,
          title: 'BTC Odd/Even',
          title_vi: 'BTC Lẻ/Chẵn',
          title_zh_tw: 'BTC 單雙',
          img: '/tiles/btc-odd-even.svg',
          focus: 'odd.even',
        },
        {
          game_id: 4,
          title: 'ETH Big/Small',
          title_vi: 'ETH Lớn/Nhỏ',
          title_zh_tw: 'ETH 大小',
          img: '/tiles/eth-big-small.svg',
          focus: 'big.small',
        },
        {
          game_id: 4,
          title: 'ETH Odd/Even',
          title_vi: 'ETH Lẻ/Chẵn',
          title_zh_tw: 'ETH 單雙',
          img: '/tiles/eth-odd-even.svg',
          focus: 'odd.even',
        },
        // The operator's Vietnamese name stays; the rest follows the new name.
        {
          game_id: 15,
          title: 'USDT Combos',
          title_vi: 'Tổ hợp',
          title_zh_tw: 'USDT 組合',
          img: '/tiles/usdt-combinations.svg',
          focus: 'bigOdd.bigEven.smallOdd.smallEven',
        },
        {
          game_id: 1,
          title: 'BTC Extremes & Triple',
          title_vi: 'BTC Cực trị & Bộ ba',
          title_zh_tw: 'BTC 極值與豹子',
          img: '/tiles/btc-extremes-triple.svg',
          focus: 'extremeBig.extremeSmall.triple',
        },
        { game_id: 4, title: 'Lucky ETH', title_vi: '', title_zh_tw: '', img: '/tiles/triple.svg', focus: '' },
      ]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
