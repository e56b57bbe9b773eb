/**
 * The round scheduler: back-to-back rounds per game on the server clock. Each tick, the process
 * holding the lease (one row, taken with a conditional UPDATE that expires) opens the next round
 * of a game whose round reached its draw time, draws that round, opens a round for any enabled
 * game without one, and settles every drawn round not yet settled. Rounds whose draw time passed
 * while no server ran are found the same way at start: drawn once, never skipped. Everything a
 * tick does is a guarded write, so a second process doing it anyway changes nothing.
 *
 * Hand-over: a stopping server releases the lease, so another takes over on its next tick. A
 * process that died without releasing it (kill -9, a crash) is recognised when the new process
 * runs on the same host: its holder names a pid that is gone (or is our own pid, reused by a
 * restart in a container), and the lease is taken at once instead of after its expiry.
 *
 * The holder also tells the live streams (domain/live/news.ts) each round it opens, closes and
 * draws, after the change committed; a close is told once per holder (a new holder may tell it
 * again, which changes nothing for a stream).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Deps } from '../deps';
import { listGameRows } from '../../repositories/gameCatalog';
import { acquireLease, leaseHolder, releaseLease, takeOverLease } from '../../repositories/lease';
import {
  closedUndrawnRounds,
  nextRoundDeadline,
  overdueRounds,
  roundById,
  unsettledDrawnRounds,
} from '../../repositories/rounds';
import { announce, roundClosed, roundDrawn, roundOpened } from '../live/news';
import { gameSettings, type GameSettings, type TimingOverride } from './catalog';
import type { ChainStore } from './chains';
import { createNextRound, drawRound } from './rounds';
import { DEFAULT_SETTLE_BATCH, settleRound } from './settlement';

export const LEASE_NAME = 'rounds';

export interface SchedulerOptions {
  /** Run ticks on timers (the server); tests call tick() themselves and drive the clock. */
  timers: boolean;
  leaseTtlMs: number;
  /** Longest sleep between ticks, so the lease is renewed and a new leader steps in soon. */
  maxSleepMs: number;
  settleBatch: number;
  timing: TimingOverride;
  /** Errors of a timer tick: logged, and the next tick tries again. */
  onError: (error: unknown) => void;
  /**
   * Other work only one process may do, run by the lease holder after the rounds of each tick
   * (the signed ledger's close at a day's end). Its failure is the tick's, tried again next tick.
   */
  leaderWork?: () => Promise<unknown>;
}

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  timers: true,
  // Renewed every tick (at most maxSleepMs apart): a leader that vanished elsewhere is replaced in 3 s.
  leaseTtlMs: 3_000,
  maxSleepMs: 1_000,
  settleBatch: DEFAULT_SETTLE_BATCH,
  timing: {},
  // buildApp passes one that logs through the server's logger.
  onError: () => undefined,
};

/** Holders of the schedulers of this process that have not stopped. */
const liveHolders = new Set<string>();

/** Whether a lease holder (`host:pid:random`) is a process of this host that no longer runs. */
export function isGoneLocalHolder(holder: string): boolean {
  const parts = holder.split(':');
  if (parts.length < 3) return false;
  const pid = Number(parts[parts.length - 2]);
  const host = parts.slice(0, -2).join(':');
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid: one of our schedulers, or an earlier run that restarted with this pid (a container).
  if (pid === process.pid) return !liveHolders.has(holder);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface SchedulerStatus {
  /** Ticking on timers and not stopped. */
  running: boolean;
  /** Real milliseconds since the last tick ended, or null before the first. */
  lastTickAgeMs: number | null;
  /** This process held the lease at its last tick. */
  leader: boolean;
}

export interface TickReport {
  leader: boolean;
  opened: number;
  drawn: number;
  settled: number;
}

export class Scheduler {
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private running: Promise<TickReport> = Promise.resolve({ leader: false, opened: 0, drawn: 0, settled: 0 });
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lastTickEnded: number | null = null;
  private leader = false;
  /** Rounds whose close this process has told the streams, until they are drawn. */
  private readonly closesTold = new Set<number>();

  constructor(
    private readonly deps: Deps,
    private readonly chains: ChainStore,
    private readonly options: SchedulerOptions,
    /** Told which games' rounds changed, so cached boards are reloaded. */
    private readonly onChange: (gameId: number) => void,
  ) {}

  /** The first tick (recovery after a restart) before the server answers, then the timers. */
  async start(): Promise<void> {
    liveHolders.add(this.holder);
    await this.tick();
    if (this.options.timers) this.schedule(0);
  }

  /** One pass; ticks never overlap (a call waits for the one running). */
  tick(): Promise<TickReport> {
    const next = this.running
      .catch(() => undefined)
      .then(() => this.work())
      .then((report) => {
        this.lastTickEnded = performance.now();
        this.leader = report.leader;
        return report;
      });
    this.running = next;
    return next;
  }

  status(): SchedulerStatus {
    return {
      running: this.options.timers && !this.stopped,
      lastTickAgeMs: this.lastTickEnded === null ? null : performance.now() - this.lastTickEnded,
      leader: this.leader,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    liveHolders.delete(this.holder);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
    await releaseLease(this.deps.db, LEASE_NAME, this.holder);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick()
        .catch((error: unknown) => this.options.onError(error))
        .then(() => this.sleepTime())
        .catch(() => this.options.maxSleepMs)
        .then((delay) => this.schedule(delay))
        // schedule() itself does not throw; nothing is left to handle.
        .catch(() => undefined);
    }, delayMs);
  }

  private async sleepTime(): Promise<number> {
    const now = this.deps.clock();
    const next = await nextRoundDeadline(this.deps.db, now);
    const untilNext = next === null ? this.options.maxSleepMs : next - now;
    return Math.max(5, Math.min(this.options.maxSleepMs, untilNext));
  }

  private async lead(): Promise<boolean> {
    const { db, clock } = this.deps;
    const ttl = this.options.leaseTtlMs;
    if (await acquireLease(db, LEASE_NAME, this.holder, clock(), ttl)) return true;
    const holder = await leaseHolder(db, LEASE_NAME, clock());
    if (holder === null || !isGoneLocalHolder(holder)) return false;
    return takeOverLease(db, LEASE_NAME, holder, this.holder, clock(), ttl);
  }

  private async tellOpened(game: GameSettings, roundId: number): Promise<void> {
    const round = await roundById(this.deps.db, roundId);
    if (round) await announce(this.deps, [roundOpened(game, round)]);
  }

  private async tellDrawn(game: GameSettings | undefined, roundId: number): Promise<void> {
    this.closesTold.delete(roundId);
    const round = await roundById(this.deps.db, roundId);
    const news = game && round ? roundDrawn(game, round) : null;
    if (news) await announce(this.deps, [news]);
  }

  private async work(): Promise<TickReport> {
    const report: TickReport = { leader: false, opened: 0, drawn: 0, settled: 0 };
    if (this.stopped) return report;
    const { db, clock } = this.deps;
    if (!(await this.lead())) return report;
    report.leader = true;
    const games = new Map((await listGameRows(db)).map((row) => [row.id, gameSettings(row, this.options.timing)]));

    // A game that cannot open or draw a round (its draw secret is missing) holds up no other step:
    // what failed is reported at the end of the tick, and tried again at the next.
    const failures: unknown[] = [];
    const attempt = async <T>(step: () => Promise<T>): Promise<T | null> => {
      try {
        return await step();
      } catch (error) {
        failures.push(error);
        return null;
      }
    };
    for (const round of await overdueRounds(db, clock())) {
      const game = games.get(round.game_id);
      // The draw is told first: writing an event to every stream of a crowded room takes the
      // kernel a while (about 14 µs a socket on loopback), and members wait for the draw. The next
      // round opens right after, a millisecond later for its orders.
      if (await attempt(() => drawRound(this.deps, this.chains, round))) {
        report.drawn++;
        await this.tellDrawn(game, round.id);
      }
      const opened = game?.enabled ? await attempt(() => createNextRound(this.deps, this.chains, game)) : null;
      if (game && opened) {
        report.opened++;
        await this.tellOpened(game, opened);
      }
      this.onChange(round.game_id);
    }
    for (const game of games.values()) {
      if (!game.enabled) continue;
      const opened = await attempt(() => createNextRound(this.deps, this.chains, game));
      if (opened) {
        report.opened++;
        this.onChange(game.id);
        await this.tellOpened(game, opened);
      }
    }
    for (const round of await closedUndrawnRounds(db, clock())) {
      const game = games.get(round.game_id);
      if (!game || this.closesTold.has(round.id)) continue;
      this.closesTold.add(round.id);
      await announce(this.deps, [roundClosed(game, round)]);
    }
    for (const round of await unsettledDrawnRounds(db)) {
      await settleRound(this.deps, round, this.options.settleBatch);
      report.settled++;
      this.onChange(round.game_id);
    }
    if (this.options.leaderWork) await attempt(this.options.leaderWork);
    // The first failure fails the tick (the timer logs it); any others are logged here.
    for (const extra of failures.slice(1)) this.options.onError(extra);
    if (failures.length > 0) throw failures[0];
    return report;
  }
}
