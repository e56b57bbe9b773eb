/**
 * The current round as every room poll answers it (BoardCache.currentWire): the same objects while
 * the round's phase and its second stay, so the poll's bytes can be kept for them
 * (routes/cachedJson.ts); new ones the moment either changes, and per language.
 */
import { describe, expect, it } from 'vitest';
import { BoardCache, type Board } from '../../src/server/domain/game/board';
import type { RoundRow } from '../../src/server/db/schema';

const DRAW_AT = 1_800_000_000_000;
// Orders close 59.5 s before the draw: the close falls inside a second of the countdown.
const CLOSE_AT = DRAW_AT - 59_500;

const round: RoundRow = {
  id: 7,
  game_id: 15,
  seqno: '20270115-0001',
  status: 'open',
  open_at: DRAW_AT - 120_000,
  close_at: CLOSE_AT,
  draw_at: DRAW_AT,
  chain_id: 1,
  chain_index: 3,
  commitment: 'c'.repeat(64),
  seed: null,
  num1: null,
  num2: null,
  num3: null,
  sum: null,
  drawn_at: null,
  settled_at: null,
  voided_at: null,
};

function board(): Board {
  return {
    gameId: 15,
    gametype: 15,
    current: round,
    history: [],
    stakes: new Map([[7, 12_345]]),
    anchors: new Map([[1, 'a'.repeat(64)]]),
    loadedAt: 0,
    historyWire: new Map(),
    currentWire: new Map(),
  };
}

// currentWire reads only the board it is given; the cache's database and chains are not reached.
const boards = new BoardCache(null as never, null as never, () => 0, 1_000);
const names = () => ['Big', 'Small'];

describe('the current round in wire shape', () => {
  it('is the same object within one second of one phase, and a new one at the next second', () => {
    const b = board();
    const first = boards.currentWire(b, 'en', names, DRAW_AT - 75_000)!;
    expect(boards.currentWire(b, 'en', names, DRAW_AT - 74_001)).toBe(first);
    expect(first.game).toMatchObject({ id: 7, status: 'open', initmoney: 123.45, diff: { minute: 1, second: 15 } });
    expect(first.diff).toEqual({ minute: 1, second: 15 });
    const next = boards.currentWire(b, 'en', names, DRAW_AT - 74_000)!;
    expect(next).not.toBe(first);
    expect(next.diff).toEqual({ minute: 1, second: 14 });
  });

  it('is a new object when orders close inside a second, though the second is the same', () => {
    const b = board();
    const open = boards.currentWire(b, 'en', names, CLOSE_AT - 100)!;
    const closed = boards.currentWire(b, 'en', names, CLOSE_AT)!;
    expect(open.diff).toEqual(closed.diff);
    expect(open.game.status).toBe('open');
    expect(closed.game.status).toBe('closed');
  });

  it('is kept per language', () => {
    const b = board();
    const en = boards.currentWire(b, 'en', names, DRAW_AT - 30_000)!;
    const vi = boards.currentWire(b, 'vi', names, DRAW_AT - 30_000)!;
    expect(vi).not.toBe(en);
    expect(boards.currentWire(b, 'en', names, DRAW_AT - 30_000)).toBe(en);
  });

  it('is none when the game has no round', () => {
    expect(boards.currentWire({ ...board(), current: null }, 'en', names, DRAW_AT)).toBeNull();
  });
});
