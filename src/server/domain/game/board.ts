/**
 * Each game's board: the current round, the last drawn rounds and their stake totals, as every
 * room poll (getGameinfo) and order needs them. Kept in memory for `ttlMs` (real time); reloaded at
 * once when this process's scheduler changes rounds, and soon after the current round's draw time
 * (by the injected clock) so a poll never keeps showing a round that is over.
 */
import type { GameRound } from '../../../shared/api/types';
import { diffOf, secondsUntil } from '../../../shared/game';
import type { Locale } from '../../../shared/locale';
import type { Clock } from '../../clock';
import type { Db, RoundRow } from '../../db/schema';
import { stakesOfRounds } from '../../repositories/orderViews';
import { latestRoundOfGame, recentDrawnRounds } from '../../repositories/rounds';
import type { ChainStore } from './chains';
import type { OutcomeNames } from './outcomeNames';
import { roundWire } from './roundView';
import { roundPhase, type RoundPhase } from './timing';
import { realTime, type CacheClock } from '../ttlCache';

/** Drawn rounds shown in a room's history (his). */
export const HISTORY_LENGTH = 10;
/** While the current round is past its draw and the next is not there yet, reload at most this often. */
const OVERDUE_RELOAD_MS = 100;

export interface Board {
  gameId: number;
  gametype: number;
  current: RoundRow | null;
  history: RoundRow[];
  stakes: Map<number, number>;
  anchors: Map<number, string>;
  loadedAt: number;
  /** History in wire shape per language (it does not change until the next draw). */
  historyWire: Map<Locale, GameRound[]>;
  /** The current round in wire shape per language, for its phase and second (currentWire). */
  currentWire: Map<Locale, CurrentWire>;
}

/** The current round as a room poll answers it, and the time left to its draw. */
export interface CurrentWire {
  phase: RoundPhase;
  seconds: number;
  game: GameRound;
  diff: { minute: number; second: number };
}

/** A round of the board in wire shape, with the stake total and chain anchor the board loaded. */
function wireOf(board: Board, round: RoundRow, locale: Locale, names: OutcomeNames, now: number): GameRound {
  return roundWire({
    round,
    gametype: board.gametype,
    stakeCents: board.stakes.get(round.id) ?? 0,
    anchor: board.anchors.get(round.chain_id) ?? '',
    now,
    locale,
    names,
  });
}

export class BoardCache {
  private readonly boards = new Map<number, Board>();
  private readonly loading = new Map<number, Promise<Board>>();

  constructor(
    private readonly db: Db,
    private readonly chains: ChainStore,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly now: CacheClock = realTime,
  ) {}

  async get(gameId: number, gametype: number): Promise<Board> {
    const board = this.boards.get(gameId);
    if (board && this.fresh(board)) return board;
    let pending = this.loading.get(gameId);
    if (!pending) {
      pending = this.load(gameId, gametype).finally(() => this.loading.delete(gameId));
      this.loading.set(gameId, pending);
    }
    return pending;
  }

  invalidate(gameId?: number): void {
    if (gameId === undefined) this.boards.clear();
    else this.boards.delete(gameId);
  }

  historyWire(board: Board, locale: Locale, names: OutcomeNames): GameRound[] {
    let wire = board.historyWire.get(locale);
    if (!wire) {
      const now = this.clock();
      wire = board.history.map((round) => wireOf(board, round, locale, names, now));
      board.historyWire.set(locale, wire);
    }
    return wire;
  }

  /**
   * The current round in wire shape and the time left, by the clock's `now`: the same objects for
   * every poll until the round's phase or its second changes (nothing else in them moves while the
   * board lives), so what is made of them can be kept for them (routes/cachedJson.ts).
   */
  currentWire(board: Board, locale: Locale, names: OutcomeNames, now: number): CurrentWire | null {
    const round = board.current;
    if (!round) return null;
    const phase = roundPhase(round, now);
    const seconds = secondsUntil(round.draw_at, now);
    const kept = board.currentWire.get(locale);
    if (kept && kept.phase === phase && kept.seconds === seconds) return kept;
    const wire: CurrentWire = {
      phase,
      seconds,
      game: wireOf(board, round, locale, names, now),
      diff: diffOf(seconds),
    };
    board.currentWire.set(locale, wire);
    return wire;
  }

  private fresh(board: Board): boolean {
    const age = this.now() - board.loadedAt;
    if (age >= this.ttlMs) return false;
    const overdue = board.current !== null && this.clock() >= board.current.draw_at;
    return !(overdue && age >= OVERDUE_RELOAD_MS);
  }

  private async load(gameId: number, gametype: number): Promise<Board> {
    const [latest, history] = await Promise.all([
      latestRoundOfGame(this.db, gameId),
      recentDrawnRounds(this.db, gameId, HISTORY_LENGTH),
    ]);
    // The latest round, even drawn: for the moment until the scheduler opens the next one.
    const current = latest ?? null;
    const ids = [...new Set([...(current ? [current.id] : []), ...history.map((r) => r.id)])];
    const stakes = await stakesOfRounds(this.db, ids);
    const anchors = new Map<number, string>();
    for (const round of [...(current ? [current] : []), ...history]) {
      if (!anchors.has(round.chain_id)) anchors.set(round.chain_id, await this.chains.anchorOf(round.chain_id));
    }
    const board: Board = {
      gameId,
      gametype,
      current,
      history,
      stakes,
      anchors,
      loadedAt: this.now(),
      historyWire: new Map(),
      currentWire: new Map(),
    };
    this.boards.set(gameId, board);
    return board;
  }
}
