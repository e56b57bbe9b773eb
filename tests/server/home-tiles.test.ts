/**
 * Home's eight game tiles and the rooms' titles per language: what a fresh install answers, what
 * the operator changes from the command line (tile:import, room:set --title-vi ...), and the
 * migration that brings an existing database's rooms their translations.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { HomeTile, Room } from '../../src/shared/api/types';
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
