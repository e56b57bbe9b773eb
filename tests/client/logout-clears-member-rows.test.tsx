/**
 * Whatever a session read is gone from the device at logout: every read the route table gives to
 * members only is answered, stored through the sync layer as a screen stores it, and after logout
 * IndexedDB holds no row of any of them, while a guest's reads stay. A member read the table
 * forgot to call the member's own would be stored without an owner and survive here.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { pathsWhere } from '../../src/shared/api/calls';
import type { ApiAnswerOf } from '../../src/shared/api/types';
import { api, startSession } from '../../src/client/api';
import { logout } from '../../src/client/data';
import { db } from '../../src/client/data/db';
import { syncFundHistory } from '../../src/client/data/fundHistory';
import { syncOrderHistory } from '../../src/client/data/orderHistory';
import { ownerOf } from '../../src/client/api/owner';
import { queryKey, type CallPath } from '../../src/client/data/key';
import { revalidate } from '../../src/client/data/sync';
import { drawnRound, gameInfo, liveOrder, ownOrder, ROOM, USER } from './game-fixtures';
import { fakeFetch, ok, resetClientState } from './helpers';
import { BANK_CARD, fundRow, LEFT } from './wallet-fixtures';

/** The call a stored row answers: its stored key is the call, a space, then the parameters. */
const pathOfStored = (stored: string): string => stored.slice(0, stored.indexOf(' '));

type Answers = { [P in CallPath]?: ApiAnswerOf<P> };

/** A signed head of the ledger, as getLedgerHeads answers it. */
const LEDGER_HEAD = {
  seq: 1,
  day: 20_425,
  closedAt: 1,
  firstRowId: 1,
  lastRowId: 5,
  rowCount: 1,
  root: '01'.repeat(32),
  liabilitiesRoot: '02'.repeat(32),
  liabilitiesCents: 8_000,
  liabilitiesCount: 1,
  previousHash: '00'.repeat(32),
  keyId: '03'.repeat(32),
  headHash: '04'.repeat(32),
  signature: '05'.repeat(64),
};

/** An answer its schema accepts for every read only a member may make. */
const MEMBER_ANSWERS: Answers = {
  [ApiPath.userInfo]: USER,
  [ApiPath.sessions]: [
    {
      browser: 'Chrome',
      os: 'Android',
      place: '203.0.113.*',
      createdAt: 1,
      lastUsedAt: 2,
      current: true,
      push: { id: 4, kinds: ['result'] },
    },
  ],
  [ApiPath.todayWinLost]: { win: 5, total: 40 },
  [ApiPath.roomList]: [ROOM],
  [ApiPath.gameInfo]: gameInfo({}),
  [ApiPath.getRound]: { round: drawnRound(5), previousSeed: drawnRound(4).seed },
  [ApiPath.vorder]: { list: [liveOrder(1, '20261122-0007')], order_id: 1 },
  [ApiPath.current]: { award: 39.2, settled: true, total: 20 },
  [ApiPath.gameLog]: [ownOrder(3)],
  [ApiPath.bankCardList]: [BANK_CARD],
  [ApiPath.addedAccounts]: [{ id: 7, type: 'Bank', ending: '6789', addedAt: 1, availableAt: 2, removedAt: null }],
  [ApiPath.deposits]: [{ id: 9, money: 25, reference: 'VCB-1', time: 1 }],
  [ApiPath.leftMoney]: LEFT,
  [ApiPath.withdrawals]: [
    { id: 1, money: 20, type: 'Bank', account: 'VCB ***6789', status: 'pending', note: '', time: 1, decidedAt: null },
  ],
  [ApiPath.financeFlow]: [fundRow()],
  [ApiPath.trendData]: { yeswin: 1, yestotal: 2, todaywin: 3, todaytotal: 4, chartdata: [] },
  [ApiPath.liveTicket]: { ticket: 't'.repeat(32), expiresIn: 30 },
  [ApiPath.messageReads]: { readUpTo: 2_000, unread: 1 },
  [ApiPath.playLimits]: {
    limits: (['day', 'week', 'month'] as const).flatMap((period) =>
      (['stake', 'loss', 'deposit'] as const).map((kind) => ({
        period,
        kind,
        money: kind === 'stake' ? 100 : 0,
        used: 0,
        left: kind === 'stake' ? 100 : null,
        resetAt: 1_780_000_000_000,
        next: null,
      })),
    ),
    pause: null,
    realityCheck: 30,
    history: [],
    serverTime: 1_779_990_000_000,
  },
  [ApiPath.ledgerProof]: {
    proofs: [
      {
        row: {
          id: 5,
          memberId: 1,
          createdAt: 1,
          reason: 'stake',
          amountCents: -2_000,
          afterCents: 8_000,
          refType: 'order',
          refId: '3',
        },
        head: LEDGER_HEAD,
        index: 0,
        path: [],
      },
    ],
  },
  [ApiPath.ledgerLiability]: {
    head: LEDGER_HEAD,
    memberId: 1,
    salt: 'ab'.repeat(32),
    balanceCents: 8_000,
    index: 0,
    path: [],
  },
};

const MEMBER_READS = pathsWhere((call) => call.access === 'member' && call.kind === 'read' && call.persists);

beforeEach(async () => {
  await resetClientState();
});

describe('logout', () => {
  it('has an answer for every member read the call table keeps', () => {
    expect(MEMBER_READS.filter((path) => !(path in MEMBER_ANSWERS))).toEqual([]);
  });

  it('leaves no row of any member read in IndexedDB, and keeps what a guest reads', async () => {
    const routes = Object.fromEntries(
      Object.entries(MEMBER_ANSWERS).map(([path, answer]) => [path, () => ok(answer)] as const),
    );
    const fake = fakeFetch({
      ...routes,
      [ApiPath.slide]: () => ok([{ id: 1, path: 'a.png', path_tw: '', path_vi: '', path_yw: '' }]),
      [ApiPath.logout]: () => ok(null),
    });
    vi.stubGlobal('fetch', fake.fetch);
    startSession('token-1');

    for (const path of [...MEMBER_READS, ApiPath.slide]) {
      await revalidate(queryKey(path, {}), () => api.call(path, {} as never, { silent: true }));
    }
    // The fund log and the order history are also kept as records: a sync fills each table.
    await syncFundHistory(db, ownerOf('token-1'), (request) => api.call(ApiPath.financeFlow, request), Date.now());
    await syncOrderHistory(db, ownerOf('token-1'), (request) => api.call(ApiPath.gameLog, request), Date.now());
    const stored = (await db.cache.toArray()).map((row) => pathOfStored(row.key)).sort();
    expect(stored).toEqual([...MEMBER_READS, ApiPath.slide].sort());
    expect(await db.fundLog.count()).toBe(1);
    expect(await db.fundLogSync.count()).toBe(1);
    expect(await db.orders.count()).toBe(1);
    expect(await db.orderSync.count()).toBe(1);

    await logout();

    expect(fake.to(ApiPath.logout)).toHaveLength(1);
    expect((await db.cache.toArray()).map((row) => pathOfStored(row.key))).toEqual([ApiPath.slide]);
    expect(await db.fundLog.count()).toBe(0);
    expect(await db.fundLogSync.count()).toBe(0);
    expect(await db.orders.count()).toBe(0);
    expect(await db.orderSync.count()).toBe(0);
  });
});
