/**
 * The query cache's own behaviour on fake-indexeddb: what another tab stores or ends reaches this
 * tab (through the device's rows and the session), rows nobody reads leave the device, and after each write the
 * reads it changed (data/changes.ts) are asked again by key prefix, and no others.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { ApiPath } from '../../src/shared/api/paths';
import { AppDatabase, type CacheRow } from '../../src/client/data/db';
import { db } from '../../src/client/data/db';
import { evictUnread, EVICTION } from '../../src/client/data/eviction';
import { hashKey, queryKey, windowedKey, type QueryKey } from '../../src/client/data/key';
import { defineQuery, fetchQuery, useQuery } from '../../src/client/data/query';
import { getQueryData, invalidate, setQueryData } from '../../src/client/data/sync';
import { useWrite } from '../../src/client/data/useWrite';
import { markMessagesRead } from '../../src/client/data/messageReads';
import { startSession } from '../../src/client/api/session';
import { appQueries } from '../../src/client/data/stores';
import { Providers, fakeFetch, ok, refused, resetClientState, appConfig } from './helpers';
import { BANK_CARD, USER } from './wallet-fixtures';

const DAY = 24 * 60 * 60 * 1000;

const CONFIG = appConfig({ siteName: 'first', serviceUrl: '', priceFeedUrl: '' });

beforeEach(async () => {
  await resetClientState();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('another tab', () => {
  it("an answer another tab's database connection stored is what this tab's next read of the key restores", async () => {
    const key = queryKey(ApiPath.getConfig, {});
    // The other tab: its own connection to the same database, writing through Dexie alone.
    const otherTab = new AppDatabase();
    await otherTab.open();
    const row: CacheRow = {
      key: hashKey(key),
      data: { ...CONFIG, siteName: 'other tab' },
      updatedAt: Date.now(),
      readAt: Date.now(),
      owner: '',
    };
    await otherTab.cache.put(row);
    otherTab.close();

    setOnlyCache();
    const { result } = renderHook(() => useQuery(defineQuery(ApiPath.getConfig, {})), { wrapper: Providers });
    await waitFor(() => expect(result.current.data).toEqual({ ...CONFIG, siteName: 'other tab' }));
    expect(result.current.status).toBe('stale');
  });

  it("another tab's logout (the session gone from storage) takes the member's answers off this screen", async () => {
    startSession('token-1');
    const key = queryKey(ApiPath.bankCardList, {});
    await setQueryData(key, [{ id: 7 }]);
    setOnlyCache();
    const { result } = renderHook(() => useQuery(defineQuery(ApiPath.bankCardList, {})), { wrapper: Providers });
    await waitFor(() => expect(result.current.data).toEqual([{ id: 7 }]));

    localStorage.removeItem('member');
    localStorage.removeItem('isLogin');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'member' })));

    await waitFor(() => expect(result.current.data).toBeUndefined());
  });
});

/** Nothing answers: the screen shows what the cache holds. */
function setOnlyCache() {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
}

describe('eviction', () => {
  const row = (key: QueryKey, readAt: number): CacheRow => ({
    key: hashKey(key),
    data: 1,
    updatedAt: readAt,
    readAt,
    owner: '',
  });

  it('rows not read for 30 days go; rows read since stay', async () => {
    const now = Date.UTC(2026, 10, 24);
    await db.cache.bulkPut([
      row(queryKey(ApiPath.articleDetail, { id: 1 }), now - 31 * DAY),
      row(queryKey(ApiPath.articleDetail, { id: 2 }), now - 29 * DAY),
      row(queryKey(ApiPath.getConfig, {}), now),
    ]);
    expect(await evictUnread(db, now)).toBe(1);
    const left = (await db.cache.toArray()).map((kept) => kept.key).sort();
    expect(left).toEqual(
      [hashKey(queryKey(ApiPath.articleDetail, { id: 2 })), hashKey(queryKey(ApiPath.getConfig, {}))].sort(),
    );
    expect(EVICTION.unreadMs).toBe(30 * DAY);
  });

  it('past the size cap, the longest unread go first', async () => {
    const now = Date.UTC(2026, 10, 24);
    await db.cache.bulkPut(
      Array.from({ length: 6 }, (_, id) => row(queryKey(ApiPath.articleDetail, { id }), now - (id + 1) * 1000)),
    );
    expect(await evictUnread(db, now, { maxRows: 4 })).toBe(2);
    const ids = (await db.cache.toArray()).map((kept) => kept.key);
    expect(ids).toHaveLength(4);
    // Ids 4 and 5 were read longest ago.
    expect(ids).not.toContain(hashKey(queryKey(ApiPath.articleDetail, { id: 4 })));
    expect(ids).not.toContain(hashKey(queryKey(ApiPath.articleDetail, { id: 5 })));
  });

  it('a screen reading a row marks it read, so a row in use is not evicted', async () => {
    const start = Date.UTC(2026, 10, 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const key = queryKey(ApiPath.articleDetail, { id: 9 });
    await setQueryData(key, { id: 9 });
    // A later visit, which reads the row from the device.
    await appQueries.forgetVisit();
    vi.setSystemTime(start + 29 * DAY);
    setOnlyCache();
    const { result, unmount } = renderHook(() => useQuery(defineQuery(ApiPath.articleDetail, { id: 9 })), {
      wrapper: Providers,
    });
    await waitFor(() => expect(result.current.data).toEqual({ id: 9 }));
    await waitFor(async () => expect((await db.cache.get(hashKey(key)))?.readAt).toBe(start + 29 * DAY));
    unmount();
    expect(await evictUnread(db, start + 31 * DAY)).toBe(0);
    expect(await evictUnread(db, start + 60 * DAY)).toBe(1);
  });

  it('upgrading from version 4 keeps every row, counted as read when it was answered', async () => {
    const NAME = 'eviction-upgrade-test';
    const v4 = new Dexie(NAME);
    v4.version(4).stores({ cache: 'key, updatedAt, owner' });
    await v4.open();
    await v4.table('cache').put({ key: 'k', data: 1, updatedAt: 5_000, owner: '' });
    v4.close();
    const upgraded = new AppDatabase(NAME);
    await upgraded.open();
    expect(await upgraded.cache.toArray()).toEqual([{ key: 'k', data: 1, updatedAt: 5_000, readAt: 5_000, owner: '' }]);
    expect(await upgraded.cache.where('readAt').below(6_000).count()).toBe(1);
    upgraded.close();
    await Dexie.delete(NAME);
  });
});

/** Every cached read of the member's, and the calls each answers. */
const MEMBER_READS = {
  balance: defineQuery(ApiPath.userInfo, {}),
  withdrawable: defineQuery(ApiPath.leftMoney, {}),
  withdrawals: defineQuery(ApiPath.withdrawals, { limit: 20 }),
  fundLog: { key: windowedKey(ApiPath.financeFlow), fetch: () => Promise.resolve({ rows: [], complete: true }) },
  orders: defineQuery(ApiPath.gameLog, { limit: 20 }),
  accounts: defineQuery(ApiPath.bankCardList, {}),
  addedAccounts: defineQuery(ApiPath.addedAccounts, {}),
  sessions: defineQuery(ApiPath.sessions, {}),
  rooms: defineQuery(ApiPath.roomList, { roomtype: 1 }),
  playLimits: defineQuery(ApiPath.playLimits, {}),
  messageReads: defineQuery(ApiPath.messageReads, {}),
} as const;
type Read = keyof typeof MEMBER_READS;

/** Each write with a body, the answer its schema takes (answers are read with it), and the reads it changes. */
const WRITES: {
  path: Parameters<typeof useWrite>[0];
  body: Record<string, unknown>;
  answer: unknown;
  changes: Read[];
}[] = [
  {
    path: ApiPath.order,
    body: { gameid: 15, roomid: 1, order_info: [[0, 1.96, 10]] },
    answer: { order_ids: [1], seqno: '20261125001', money: 90 },
    changes: ['balance', 'withdrawable', 'fundLog', 'orders'],
  },
  {
    path: ApiPath.gameCancel,
    body: { roomid: 1, order_id: 3 },
    answer: null,
    changes: ['balance', 'withdrawable', 'fundLog', 'orders'],
  },
  {
    path: ApiPath.withdraw,
    body: { bank_id: 1, money: 10, pwd: '123456' },
    answer: 1,
    changes: ['balance', 'withdrawable', 'withdrawals', 'fundLog'],
  },
  {
    path: ApiPath.cancelWithdrawal,
    body: { id: 4 },
    answer: null,
    changes: ['balance', 'withdrawable', 'withdrawals', 'fundLog'],
  },
  {
    path: ApiPath.addBankCard,
    body: { type: 'USDT-TRC20', address: 'T', pwd: '123456' },
    answer: BANK_CARD,
    changes: ['accounts', 'addedAccounts'],
  },
  { path: ApiPath.deleteBankCard, body: { id: 1 }, answer: null, changes: ['accounts', 'addedAccounts'] },
  { path: ApiPath.endOtherSessions, body: {}, answer: null, changes: ['sessions'] },
  {
    path: ApiPath.setPlayLimit,
    body: { period: 'day', kind: 'stake', money: 50 },
    answer: { period: 'day', kind: 'stake', money: 50, used: 0, left: 50, resetAt: 1, next: null },
    changes: ['playLimits'],
  },
  {
    path: ApiPath.pausePlay,
    body: { kind: 'cooloff', days: 1 },
    answer: { kind: 'cooloff', until: 1 },
    changes: ['playLimits'],
  },
  { path: ApiPath.setRealityCheck, body: { minutes: 30 }, answer: { minutes: 30 }, changes: ['playLimits'] },
];

describe('after a write, the reads it changed are asked again, and no others', () => {
  for (const write of WRITES) {
    it(`${write.path}: ${write.changes.join(', ')}`, async () => {
      startSession('token');
      const asked: Record<string, number> = {};
      // Each read counts its requests; only the write goes over the (fake) network.
      const fetchOf = (name: Read) => () => {
        asked[name] = (asked[name] ?? 0) + 1;
        return Promise.resolve({ name, asked: asked[name] });
      };
      vi.stubGlobal('fetch', fakeFetch({ [write.path]: () => ok(write.answer) }).fetch);
      const names = Object.keys(MEMBER_READS) as Read[];
      const reads = renderHook(
        () =>
          names.map((name) => useQuery({ key: MEMBER_READS[name].key, fetch: fetchOf(name) }, { maxAgeMs: 60_000 })),
        { wrapper: Providers },
      );
      await waitFor(() => expect(reads.result.current.every((read) => read.status === 'fresh')).toBe(true));
      for (const name of names) expect(asked[name], name).toBe(1);

      const writer = renderHook(() => useWrite(write.path), { wrapper: Providers });
      await act(async () => {
        const result = await writer.result.current.send(write.body as never);
        expect(result.ok).toBe(true);
        if (result.ok) await result.changed;
      });

      const again = names.filter((name) => asked[name] === 2).sort();
      expect(again).toEqual([...write.changes].sort());
    });
  }

  it("the messages' read marker: its answer (the new unread count) shows at once, and is not asked for again", async () => {
    startSession('token');
    const fake = fakeFetch({
      [ApiPath.readMessages]: () => ok({ readUpTo: 5_000, unread: 0 }),
      [ApiPath.messageReads]: () => ok({ readUpTo: 0, unread: 2 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    const reads = renderHook(() => useQuery(defineQuery(ApiPath.messageReads, {}), { maxAgeMs: 60_000 }), {
      wrapper: Providers,
    });
    await waitFor(() => expect(reads.result.current.data).toEqual({ readUpTo: 0, unread: 2 }));

    await act(() => markMessagesRead(5_000));
    // In the cache the moment the write is done; on screen at TanStack's next notification (a loaded
    // machine can run the test's next line first).
    expect(appQueries.client.getQueryData(queryKey(ApiPath.messageReads, {}))).toEqual({ readUpTo: 5_000, unread: 0 });
    await waitFor(() => expect(reads.result.current.data).toEqual({ readUpTo: 5_000, unread: 0 }));
    expect((await getQueryData(queryKey(ApiPath.messageReads, {})))?.data).toEqual({ readUpTo: 5_000, unread: 0 });
    expect(fake.to(ApiPath.messageReads)).toHaveLength(1);
  });

  it("an order's answer puts the balance it carries on screen before the profile is asked again", async () => {
    startSession('token');
    const key = queryKey(ApiPath.userInfo, {});
    await setQueryData(key, { ...USER, money: 100 });
    let answerProfile!: (value: unknown) => void;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.order]: () => ok({ order_ids: [1], seqno: '20261125001', money: 90 }),
        [ApiPath.userInfo]: () => new Promise((resolve) => (answerProfile = resolve)),
      }).fetch,
    );
    const profile = renderHook(() => useQuery(defineQuery(ApiPath.userInfo, {})), { wrapper: Providers });
    await waitFor(() => expect(profile.result.current.data).toEqual({ ...USER, money: 100 }));
    const writer = renderHook(() => useWrite(ApiPath.order), { wrapper: Providers });
    await act(async () => {
      await writer.result.current.send({ gameid: 15, roomid: 1, order_info: [[0, 1.96, 10]] });
    });
    await waitFor(() => expect(profile.result.current.data).toEqual({ ...USER, money: 90 }));
    expect((await getQueryData(key))?.data).toEqual({ ...USER, money: 90 });
    answerProfile(ok({ ...USER, money: 90 }));
  });

  it('a refused write reads again what it concerns (the operator may have paid the withdrawal meanwhile)', async () => {
    startSession('token');
    let listed = 0;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.cancelWithdrawal]: () => refused(3012, 'Already paid'),
        [ApiPath.withdrawals]: () => {
          listed += 1;
          return ok([]);
        },
      }).fetch,
    );
    const list = renderHook(() => useQuery(MEMBER_READS.withdrawals, { maxAgeMs: 60_000 }), { wrapper: Providers });
    await waitFor(() => expect(list.result.current.status).toBe('fresh'));
    const writer = renderHook(() => useWrite(ApiPath.cancelWithdrawal), { wrapper: Providers });
    await act(async () => {
      expect((await writer.result.current.send({ id: 4 })).ok).toBe(false);
    });
    await waitFor(() => expect(listed).toBe(2));
  });

  it("a decision's read (fetchQuery) replaced twice by the reads changes ask again still brings the server's answer", async () => {
    startSession('token');
    const answers: ((value: unknown) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.withdrawals]: () => new Promise((resolve) => answers.push(resolve)),
      }).fetch,
    );
    const list = renderHook(() => useQuery(MEMBER_READS.withdrawals, { maxAgeMs: 60_000 }), { wrapper: Providers });
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0](ok([withdrawal('pending')]));
    await waitFor(() => expect(list.result.current.status).toBe('fresh'));

    // The cancel's own read, then two changes (the refused write, the member's stream) each ask the
    // list again, replacing the read in flight; the first replacement is itself replaced.
    const decided = fetchQuery(MEMBER_READS.withdrawals);
    await act(async () => {
      void invalidate([[ApiPath.withdrawals]]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      void invalidate([[ApiPath.withdrawals]]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(4));
    for (const answer of answers.slice(1)) answer(ok([withdrawal('paid')]));
    expect(await decided).toEqual([withdrawal('paid')]);
  });
});

const withdrawal = (status: string) => ({
  id: 4,
  money: 20,
  type: 'Bank',
  account: 'VCB ***6789',
  status,
  note: '',
  time: 1,
  decidedAt: null,
});
