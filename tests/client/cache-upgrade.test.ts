/**
 * The cache's move to one table (src/client/data/db.ts, version 3): a device that ran the version-2
 * schema (one table per kind of answer) keeps every row a screen reads, under its read's key, and
 * its member rows stay its member's.
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from '../../src/client/data/db';
import { hashKey, queryKey, windowedKey } from '../../src/client/data/key';
import { ownerOf } from '../../src/client/api/owner';
import { ApiPath } from '../../src/shared/api/paths';

const NAME = 'upgrade-test';
const V2_TABLES = [
  'config',
  'profile',
  'articles',
  'banners',
  'rooms',
  'games',
  'fundLog',
  'bankCards',
  'winners',
  'finance',
  'trend',
];

/** The schema as version 2 of the app declared it. */
async function fillVersion2(rows: Record<string, { key: string; data: unknown; updatedAt: number }[]>) {
  const old = new Dexie(NAME);
  old.version(1).stores(Object.fromEntries(V2_TABLES.slice(0, 8).map((t) => [t, 'key, updatedAt'])));
  old.version(2).stores(Object.fromEntries(V2_TABLES.map((t) => [t, 'key, updatedAt'])));
  await old.open();
  for (const [table, list] of Object.entries(rows)) await old.table(table).bulkPut(list);
  old.close();
}

afterEach(async () => {
  localStorage.clear();
  await Dexie.delete(NAME);
});

describe('cache upgrade from one table per kind to one table keyed by the read', () => {
  it('moves every row a screen reads, keeps member rows for the signed-in member, drops the old tables', async () => {
    localStorage.setItem('token', 'member-token');
    localStorage.setItem('isLogin', '1');
    await fillVersion2({
      config: [{ key: 'app', data: { siteName: 'Kept' }, updatedAt: 1_000 }],
      profile: [
        { key: 'me', data: { nickname: 'demo', money: 12.5 }, updatedAt: 2_000 },
        { key: 'leftmoney', data: { leftmoney: 3 }, updatedAt: 2_100 },
      ],
      articles: [
        { key: 'category-9', data: [{ id: 1 }], updatedAt: 3_000 },
        { key: 'list-2', data: [{ id: 2 }], updatedAt: 3_100 },
        { key: 'id-92', data: { id: 92 }, updatedAt: 3_200 },
      ],
      rooms: [
        { key: 'type-1', data: [{ id: 1 }], updatedAt: 4_000 },
        { key: 'info-3', data: { offset: 5 }, updatedAt: 4_100 },
      ],
      fundLog: [
        {
          key: 'last',
          data: { start: '2026-11-20', end: '2026-11-23', rows: [{ id: 41, time: 1_700_000_000 }], complete: true },
          updatedAt: 5_000,
        },
      ],
      bankCards: [{ key: 'list', data: [{ id: 7 }], updatedAt: 6_000 }],
      // A key no screen reads: nothing to move it to.
      games: [
        { key: 'list', data: [{ id: 15 }], updatedAt: 7_000 },
        { key: 'retired', data: 1, updatedAt: 7_100 },
      ],
    });

    const db = new AppDatabase(NAME);
    await db.open();
    const owner = ownerOf('member-token');
    const rows = Object.fromEntries((await db.cache.toArray()).map((row) => [row.key, row]));

    expect(rows[hashKey(queryKey(ApiPath.getConfig, {}))]).toEqual({
      key: hashKey(queryKey(ApiPath.getConfig, {})),
      data: { siteName: 'Kept' },
      updatedAt: 1_000,
      // Version 5: counted as read when it was answered, until a screen reads it again.
      readAt: 1_000,
      owner: '',
    });
    expect(rows[hashKey(queryKey(ApiPath.userInfo, {}))]).toMatchObject({
      data: { nickname: 'demo', money: 12.5 },
      owner,
    });
    expect(rows[hashKey(queryKey(ApiPath.leftMoney, {}))]).toMatchObject({ updatedAt: 2_100, owner });
    expect(rows[hashKey(queryKey(ApiPath.oneClassArticle, { type: 9 }))]).toMatchObject({
      data: [{ id: 1 }],
      owner: '',
    });
    expect(rows[hashKey(queryKey(ApiPath.articleList, { type: 2 }))]).toMatchObject({ data: [{ id: 2 }] });
    expect(rows[hashKey(queryKey(ApiPath.articleDetail, { id: 92 }))]).toMatchObject({ data: { id: 92 } });
    // Rooms are read only by a session (the route table): they stay with the member's rows.
    expect(rows[hashKey(queryKey(ApiPath.roomList, { roomtype: 1 }))]).toMatchObject({ owner });
    expect(rows[hashKey(queryKey(ApiPath.gameInfo, { roomid: 3 }))]).toMatchObject({ data: { offset: 5 }, owner });
    expect(rows[hashKey(queryKey(ApiPath.bankCardList, {}))]).toMatchObject({ data: [{ id: 7 }], owner });
    expect(rows[hashKey(queryKey(ApiPath.gameList, {}))]).toMatchObject({ data: [{ id: 15 }] });
    expect(Object.keys(rows)).toHaveLength(10);
    // The per-kind tables are gone; the fund log's window became records of its own table (version 6).
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'cache',
        'fundLog',
        'fundLogSync',
        'orderSync',
        'orders',
        'ledgerHeads',
        'ledgerKeys',
        'ledgerProofs',
        'ledgerConflicts',
      ].sort(),
    );
    expect(rows[hashKey(windowedKey(ApiPath.financeFlow))]).toBeUndefined();
    expect(await db.table('fundLog').toArray()).toEqual([{ id: 41, time: 1_700_000_000, owner }]);
    db.close();
  });

  it('a device with no session keeps the public rows only', async () => {
    await fillVersion2({
      config: [{ key: 'app', data: { siteName: 'Kept' }, updatedAt: 1_000 }],
      profile: [{ key: 'me', data: { nickname: 'gone' }, updatedAt: 2_000 }],
    });
    const db = new AppDatabase(NAME);
    await db.open();
    expect((await db.cache.toArray()).map((row) => row.key)).toEqual([hashKey(queryKey(ApiPath.getConfig, {}))]);
    db.close();
  });

  it("version 7: the order history's cached pages become records of the member's lines", async () => {
    const owner = ownerOf('member-token');
    const old = new Dexie(NAME);
    old.version(6).stores({ cache: 'key, updatedAt, owner, readAt', fundLog: '[owner+id], [owner+time], owner' });
    await old.open();
    const line = (id: number) => ({ order_id: id, gametype: 15, status: 'lose' });
    const pages = (key: string, rows: unknown[][], rowOwner: string) => ({
      key: hashKey(queryKey(ApiPath.gameLog, key === 'all' ? {} : { gametype: 15 })),
      data: { pages: rows, pageParams: [] },
      updatedAt: 1_000,
      readAt: 1_000,
      owner: rowOwner,
    });
    await old
      .table('cache')
      .bulkPut([
        pages('all', [[line(9), line(8)], [line(7)]], owner),
        pages('game', [[line(8)]], owner),
        { key: hashKey(queryKey(ApiPath.getConfig, {})), data: {}, updatedAt: 1, readAt: 1, owner: '' },
      ]);
    old.close();

    const db = new AppDatabase(NAME);
    await db.open();
    expect((await db.orders.toArray()).map((row) => [row.owner, row.order_id])).toEqual([
      [owner, 7],
      [owner, 8],
      [owner, 9],
    ]);
    // The pages went with the move; what the table holds whole is the next sync's to say.
    expect((await db.cache.toArray()).map((row) => row.key)).toEqual([hashKey(queryKey(ApiPath.getConfig, {}))]);
    expect(await db.orderSync.count()).toBe(0);
    db.close();
  });
});
