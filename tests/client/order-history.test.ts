/**
 * The order history as records on the device (data/orderHistory.ts): what a sync asks for and
 * stores, what the table then holds whole, how older pages join it, and how a game's lines are read.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameLogRequest, OwnOrderItem } from '../../src/shared/api/types';
import { db } from '../../src/client/data/db';
import { ownerOf } from '../../src/client/api/owner';
import {
  fetchOlderOrderRows,
  holdsEveryOrder,
  ORDER_HISTORY,
  readOrderRows,
  syncOrderHistory,
} from '../../src/client/data/orderHistory';
import { ownOrder } from './game-fixtures';
import { resetClientState } from './helpers';

const OWNER = ownerOf('token');
const NOW = 1_780_000_000_000;

/** Lines newest first, ids `newest` down, games 15 and 16 in turn, settled unless told otherwise. */
function lines(newest: number, count: number): OwnOrderItem[] {
  return Array.from({ length: count }, (_, i) =>
    ownOrder(newest - i, { gametype: i % 2 === 0 ? 15 : 16, status: 'lose', time: 1_700_000_000 - i }),
  );
}

/** A server of these lines as getGamelog answers them, recording what each page asked. */
function serverOf(all: OwnOrderItem[]) {
  const asked: GameLogRequest[] = [];
  const fetchPage = async (request: GameLogRequest) => {
    asked.push(request);
    return all
      .filter((line) => line.order_id < (request.before ?? Infinity))
      .filter((line) => request.gametype === undefined || line.gametype === request.gametype)
      .slice(0, request.limit);
  };
  return { asked, fetchPage };
}

beforeEach(async () => {
  await resetClientState();
});

describe('the order history on the device', () => {
  it('goes back at most ORDER_HISTORY.rows lines, and holds whole only from the oldest it has', async () => {
    const all = lines(10_000, ORDER_HISTORY.rows + 150);
    const server = serverOf(all);
    const sync = await syncOrderHistory(db, OWNER, server.fetchPage, NOW);
    expect(server.asked).toHaveLength(ORDER_HISTORY.rows / ORDER_HISTORY.page);
    expect(await db.orders.count()).toBe(ORDER_HISTORY.rows);
    expect(sync).toMatchObject({ coveredFrom: all[ORDER_HISTORY.rows - 1].order_id, maxId: 10_000 });
    expect(holdsEveryOrder(sync)).toBe(false);

    // Older pages join the table; the last, short one makes it whole.
    const older = await fetchOlderOrderRows(db, OWNER, { gametype: null }, undefined, server.fetchPage);
    expect(server.asked.at(-1)).toEqual({ limit: ORDER_HISTORY.page, before: all[ORDER_HISTORY.rows - 1].order_id });
    expect(older).toEqual({ oldestId: all[ORDER_HISTORY.rows + 99].order_id, complete: false });
    const last = await fetchOlderOrderRows(db, OWNER, { gametype: null }, older.oldestId, server.fetchPage);
    expect(last.complete).toBe(true);
    expect(await db.orders.count()).toBe(all.length);
    expect(holdsEveryOrder(await db.orderSync.get(OWNER))).toBe(true);
  });

  it('a later sync asks until it meets what it stored and the oldest line still open, which it updates', async () => {
    const all = lines(10_000, 3 * ORDER_HISTORY.page);
    // A line whose round was open when it was stored, two pages down.
    const openAt = ORDER_HISTORY.page * 2 + 5;
    all[openAt] = { ...all[openAt], status: 'wait' };
    await syncOrderHistory(db, OWNER, serverOf(all).fetchPage, NOW);
    expect(await db.orders.count()).toBe(all.length);

    // Since: two new lines, and the open one's round was drawn.
    const openId = all[openAt].order_id;
    all[openAt] = { ...all[openAt], status: 'win', award: 39.2 };
    all.unshift(...lines(10_002, 2));
    const server = serverOf(all);
    const second = await syncOrderHistory(db, OWNER, server.fetchPage, NOW + 60_000);
    expect(server.asked.map((request) => request.before)).toEqual([
      undefined,
      all[ORDER_HISTORY.page - 1].order_id,
      all[2 * ORDER_HISTORY.page - 1].order_id,
    ]);
    expect(second).toMatchObject({ coveredFrom: 0, maxId: 10_002 });
    expect(await db.orders.get([OWNER, openId])).toMatchObject({ status: 'win', award: 39.2 });

    // With nothing open any more, the next one stops at the first page that reaches what it has.
    const third = serverOf(all);
    await syncOrderHistory(db, OWNER, third.fetchPage, NOW + 120_000);
    expect(third.asked).toHaveLength(1);
  });

  it("reads one game's lines, newest first, from its own index", async () => {
    await syncOrderHistory(db, OWNER, serverOf(lines(500, 40)).fetchPage, NOW);
    const game16 = await readOrderRows(db, OWNER, { gametype: 16 }, 5);
    expect(game16.map((line) => line.order_id)).toEqual([499, 497, 495, 493, 491]);
    expect(game16.every((line) => line.gametype === 16 && line.owner === OWNER)).toBe(true);
    // Another member's lines on the same device are not this member's history.
    expect(await readOrderRows(db, ownerOf('other'), { gametype: null }, 5)).toEqual([]);
  });
});
