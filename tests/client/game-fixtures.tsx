import { Route } from 'wouter';
import { render } from '@testing-library/react';
import type { GameInfoAnswer, GameRound, LiveOrder, OwnOrderItem, Room, UserInfo } from '../../src/shared/api/types';
import { commitmentOf, drawFromSeed, hashForward } from '../../src/shared/game';
import ActivityPage from '../../src/client/features/game/ActivityPage';
import type { LiveStreams } from '../../src/client/data/live/liveStreams';
import { DialogHost, Toaster } from '../../src/client/ui';
import { Providers } from './helpers';

export const ROOM: Room = {
  id: 5,
  type: 1,
  title: 'USDT Standard',
  kind: 'standard',
  gameid: 15,
  minjoin: 100,
  minbuy: 20,
  minlevel: 0,
  refund1314: false,
  rate0: 1.96,
  rate1: 1.96,
  rate2: 1.96,
  rate3: 1.96,
  rate4: 3.7,
  rate5: 3.2,
  rate6: 3.2,
  rate7: 3.7,
  rate8: 15,
  rate9: 15,
  rate10: 150,
};

export const USER: UserInfo = {
  name: 'demo01',
  nickname: 'Demo',
  level: 1,
  money: 1000,
  totalWin: 0,
  noPassword2: 0,
  lang: 'en',
};

/** A hash chain of real seeds: seeds[k] is round k's seed, seeds[0] the anchor. */
export function chain(length: number): string[] {
  const top = 'ab'.repeat(32);
  return Array.from({ length: length + 1 }, (_, k) => hashForward(top, length - k));
}

const SEEDS = chain(6);

/** A drawn round k of a chain (seeds[0] the anchor), with honest numbers; ids count from idBase. */
export function drawnRoundOf(
  seeds: string[],
  k: number,
  idBase: number,
  overrides: Partial<GameRound> = {},
): GameRound {
  const seqno = `20261122-${String(k).padStart(4, '0')}`;
  const [num1, num2, num3] = drawFromSeed(seeds[k], idBase + k);
  return {
    id: idBase + k,
    seqno,
    gametype: 15,
    status: 'drawn',
    initmoney: 0,
    num1,
    num2,
    num3,
    sum: num1 + num2 + num3,
    resultcn: '',
    results: [],
    diff: { minute: 0, second: 0 },
    drawAt: 0,
    closeAt: 0,
    commitment: commitmentOf(seeds[k]),
    seed: seeds[k],
    anchor: seeds[0],
    ...overrides,
  };
}

/** A drawn round k (1..6) of the test chain, with honest numbers. */
export function drawnRound(k: number, overrides: Partial<GameRound> = {}): GameRound {
  return drawnRoundOf(SEEDS, k, 100, overrides);
}

export function currentRound(options: { seqno?: string; now: number; drawIn: number; closeIn: number }): GameRound {
  return {
    id: 200,
    seqno: options.seqno ?? '20261122-0007',
    gametype: 15,
    status: 'open',
    initmoney: 0,
    num1: null,
    num2: null,
    num3: null,
    sum: null,
    resultcn: '',
    results: [],
    diff: { minute: 0, second: 0 },
    drawAt: options.now + options.drawIn,
    closeAt: options.now + options.closeIn,
    commitment: SEEDS[6],
    seed: null,
    anchor: SEEDS[0],
  };
}

export function gameInfo(options: {
  now?: number;
  drawIn?: number;
  closeIn?: number;
  seqno?: string;
  room?: Partial<Room>;
  his?: GameRound[];
}): GameInfoAnswer {
  const now = options.now ?? Date.now();
  const game = currentRound({
    seqno: options.seqno,
    now,
    drawIn: options.drawIn ?? 120_000,
    closeIn: options.closeIn ?? 60_000,
  });
  return {
    room: { ...ROOM, ...options.room },
    game,
    diff: { minute: 0, second: 0 },
    his: options.his ?? [drawnRound(6), drawnRound(5), drawnRound(4)],
    serverTime: now,
  };
}

export function liveOrder(id: number, seqno: string, overrides: Partial<LiveOrder> = {}): LiveOrder {
  return { id, username: `me***${id}`, value: 0, valuecn: '', rate: 1.96, money: 20, seqno, time: 0, ...overrides };
}

/** One of the member's own order lines: a waiting 20 USD line in room 5 unless overridden. */
export function ownOrder(orderId: number, overrides: Partial<OwnOrderItem> = {}): OwnOrderItem {
  return {
    order_id: orderId,
    roomid: 5,
    gametype: 15,
    value: 1,
    valuecn: '',
    seqno: '',
    rate: 1.96,
    money: 20,
    status: 'wait',
    award: 0,
    time: 0,
    num1: null,
    num2: null,
    num3: null,
    sum: null,
    ...overrides,
  };
}

export function renderRoom(path = '/activity/5', live?: LiveStreams) {
  window.history.replaceState(null, '', path);
  return render(
    <Providers live={live}>
      <Route path="/activity/:id" component={ActivityPage} />
      <Toaster />
      <DialogHost />
    </Providers>,
  );
}
