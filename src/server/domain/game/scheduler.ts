/**
 * The round scheduler: back-to-back rounds per game on the server clock. Each tick, the process
 * holding the lease (one row, taken with a conditional UPDATE that expires) opens the next round
 * of a game whose round reached its draw time, draws that round, opens a round for any enabled
 * game without one, and settles every drawn round not yet settled. Rounds whose draw time passed
 * while no server ran are found the same way at start: drawn once, never skipped. Everything a
 * tick does is a guarded write, so a second process doing it anyway changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Deps } from '../deps';
import { listGameRows } from '../../repositories/gameCatalog';
import { acquireLease, releaseLease } from '../../repositories/lease';
import { nextDrawAt, overdueRounds, unsettledDrawnRounds } from '../../repositories/rounds';
import { gameSettings, type TimingOverride } from './catalog';
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
}

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  timers: true,
  leaseTtlMs: 10_000,
  maxSleepMs: 1_000,
  settleBatch: DEFAULT_SETTLE_BATCH,
  timing: {},
  onError: (error) => console.error('round scheduler:', error),
};

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

  constructor(
    private readonly deps: Deps,
    private readonly chains: ChainStore,
    private readonly options: SchedulerOptions,
    /** Told which games' rounds changed, so cached boards are reloaded. */
    private readonly onChange: (gameId: number) => void,
  ) {}

  /** The first tick (recovery after a restart) before the server answers, then the timers. */
  async start(): Promise<void> {
    await this.tick();
    if (this.options.timers) this.schedule(0);
  }

  /** One pass; ticks never overlap (a call waits for the one running). */
  tick(): Promise<TickReport> {
    const next = this.running.catch(() => undefined).then(() => this.work());
    this.running = next;
    return next;
  }

  async stop(): Promise<void> {
    this.stopped = true;
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
        .then((delay) => this.schedule(delay));
    }, delayMs);
  }

  private async sleepTime(): Promise<number> {
    const next = await nextDrawAt(this.deps.db);
    const untilDraw = next === null ? this.options.maxSleepMs : next - this.deps.clock();
    return Math.max(5, Math.min(this.options.maxSleepMs, untilDraw));
  }

  private async work(): Promise<TickReport> {
    const report: TickReport = { leader: false, opened: 0, drawn: 0, settled: 0 };
    if (this.stopped) return report;
    const { db, clock } = this.deps;
    if (!(await acquireLease(db, LEASE_NAME, this.holder, clock(), this.options.leaseTtlMs))) return report;
    report.leader = true;
    const games = new Map((await listGameRows(db)).map((row) => [row.id, gameSettings(row, this.options.timing)]));

    for (const round of await overdueRounds(db, clock())) {
      const game = games.get(round.game_id);
      // The next round opens first, so members can order again at once.
      if (game?.enabled && (await createNextRound(this.deps, this.chains, game)) !== null) report.opened++;
      if (await drawRound(this.deps, this.chains, round)) report.drawn++;
      this.onChange(round.game_id);
    }
    for (const game of games.values()) {
      if (!game.enabled) continue;
      if ((await createNextRound(this.deps, this.chains, game)) !== null) {
        report.opened++;
        this.onChange(game.id);
      }
    }
    for (const round of await unsettledDrawnRounds(db)) {
      await settleRound(this.deps, round, this.options.settleBatch);
      report.settled++;
      this.onChange(round.game_id);
    }
    return report;
  }
}
