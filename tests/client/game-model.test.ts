import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  EMPTY_FEED,
  formatOdds,
  msUntilNextTick,
  newIdempotencyKey,
  oddsSummary,
  orderLines,
  orderTotalCents,
  proofOf,
  receiveLive,
  resultOutcomes,
  revealNext,
  roundClock,
} from '../../src/client/features/game/model';
import { Outcome } from '../../src/shared/game';
import { drawnRound, liveOrder, ROOM } from './game-fixtures';

describe('server clock', () => {
  it('takes the middle of the request as the moment the server stamped', () => {
    // Sent at 1000, answered at 1400 (device clock); the server said 10_200 => it is 9_000 ahead.
    expect(clockOffset(10_200, 1_000, 1_400)).toBe(9_000);
    expect(clockOffset(500, 1_000, 1_000)).toBe(-500);
  });

  it('phases come from closeAt and drawAt, not from a fixed 60 s', () => {
    const round = { drawAt: 100_000, closeAt: 90_000, status: 'open' as const };
    expect(roundClock(round, 0)).toEqual({
      phase: 'open',
      secondsLeft: 100,
      secondsToClose: 90,
      closed: false,
      closingSoon: false,
    });
    expect(roundClock(round, 79_999)).toMatchObject({ phase: 'open', secondsToClose: 11, closingSoon: false });
    expect(roundClock(round, 80_000)).toMatchObject({ phase: 'open', secondsToClose: 10, closingSoon: true });
    expect(roundClock(round, 89_999)).toMatchObject({ phase: 'open', secondsLeft: 11, secondsToClose: 1 });
    expect(roundClock(round, 90_000)).toEqual({
      phase: 'closed',
      secondsLeft: 10,
      secondsToClose: 0,
      closed: true,
      closingSoon: false,
    });
    expect(roundClock(round, 99_001)).toMatchObject({ phase: 'closed', secondsLeft: 1 });
    expect(roundClock(round, 100_000)).toMatchObject({ phase: 'drawn', secondsLeft: 0, closed: true });
    // The server's own word wins when it says closed earlier.
    expect(roundClock({ ...round, status: 'closed' }, 0).phase).toBe('closed');
    // ...and proves the server's clock has passed closeAt: the draw is no more than 10 s away, even
    // when this device's estimate of that clock runs 400 ms behind.
    expect(roundClock({ ...round, status: 'closed' }, 89_600)).toMatchObject({ phase: 'closed', secondsLeft: 10 });
    expect(roundClock({ ...round, status: 'closed' }, 95_000)).toMatchObject({ phase: 'closed', secondsLeft: 5 });
  });

  it('ticks at each whole second to the close and to the draw, whichever comes first', () => {
    const round = { drawAt: 100_000, closeAt: 90_500 };
    // Open: the close's seconds fall at .500, the draw's at .000.
    expect(msUntilNextTick(round, 0)).toBe(505);
    expect(msUntilNextTick(round, 500)).toBe(505);
    expect(msUntilNextTick(round, 300)).toBe(205);
    expect(msUntilNextTick(round, 90_000)).toBe(505);
    // Closed: only the draw's seconds.
    expect(msUntilNextTick(round, 90_600)).toBe(405);
    expect(msUntilNextTick(round, 100_000)).toBe(1_000);
  });
});

describe('orders', () => {
  it('order_info: one [outcome, room odds, stake] per option in grid order; total in cents', () => {
    const lines = orderLines(ROOM, [10, 0, 5], 2_500);
    expect(lines).toEqual([
      [0, 1.96, 25],
      [5, 3.2, 25],
      [10, 150, 25],
    ]);
    expect(orderTotalCents(lines)).toBe(7_500);
  });

  it('odds as shown', () => {
    expect(formatOdds(1.96)).toBe('1.96');
    expect(formatOdds(2)).toBe('2.00');
    expect(formatOdds(1.955)).toBe('1.955');
    expect(oddsSummary(ROOM)).toEqual({ twoWay: 1.96, best: 150 });
  });

  it('idempotency keys differ every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });
});

describe('live feed', () => {
  it('shows the first answer at once, queues later ones and reveals them oldest first on top', () => {
    let feed = receiveLive(EMPTY_FEED, 'A', [liveOrder(2, 'A'), liveOrder(1, 'A')], 2);
    expect(feed.shown.map((o) => o.id)).toEqual([2, 1]);
    expect(feed.cursor).toBe(2);
    feed = receiveLive(feed, 'A', [liveOrder(3, 'A'), liveOrder(4, 'A'), liveOrder(2, 'A'), liveOrder(9, 'B')], 4);
    expect(feed.queue.map((o) => o.id)).toEqual([3, 4]);
    expect(feed.cursor).toBe(4);
    feed = revealNext(feed);
    expect(feed.shown.map((o) => o.id)).toEqual([3, 2, 1]);
    feed = revealNext(revealNext(feed));
    expect(feed.shown.map((o) => o.id)).toEqual([4, 3, 2, 1]);
    expect(feed.queue).toEqual([]);
  });

  it('a new round starts a new feed', () => {
    const feed = receiveLive(receiveLive(EMPTY_FEED, 'A', [liveOrder(1, 'A')], 1), 'B', [liveOrder(5, 'B')], 5);
    expect(feed).toMatchObject({ seqno: 'B', cursor: 5 });
    expect(feed.shown.map((o) => o.id)).toEqual([5]);
  });
});

describe('results and proofs', () => {
  it('names the winning outcomes from the numbers', () => {
    const round = drawnRound(1, { num1: 9, num2: 9, num3: 9, sum: 27 });
    expect(resultOutcomes(round)).toEqual([
      Outcome.Big,
      Outcome.Odd,
      Outcome.BigOdd,
      Outcome.ExtremeBig,
      Outcome.Triple,
    ]);
    expect(resultOutcomes({ num1: null, num2: null, num3: null })).toEqual([]);
  });

  it('takes a drawn round and the seed it links to as verifyRound does; nothing before the seed is revealed', () => {
    const his = [drawnRound(3), drawnRound(2)];
    expect(proofOf(his[0], his[1].seed)).toMatchObject({
      roundId: his[0].id,
      seed: his[0].seed,
      numbers: [his[0].num1, his[0].num2, his[0].num3],
      previousSeed: his[1].seed,
    });
    expect(proofOf(his[0], null)?.previousSeed).toBeUndefined();
    expect(proofOf({ ...his[0], seed: null }, his[1].seed)).toBeNull();
  });
});
