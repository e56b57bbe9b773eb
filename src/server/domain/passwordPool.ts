/**
 * Password hashing on threads of its own (piscina), apart from libuv's thread pool, which serves
 * compression and file reads: a flood of logins must not hold back another member's answer or the
 * app's files. Each scrypt check holds 128 MiB for about a quarter of a second, so the number of
 * threads bounds memory (threads x 128 MiB) and the waiting lines are short: when a lane is full,
 * the next job is refused at once with 3005 (busy, HTTP 503) instead of waiting for seconds.
 *
 * Two lanes: `trusted` for members who have shown who they are (a live session, a device they
 * logged in from before) and `public` for everyone else. A free thread always takes
 * a trusted job first, and each lane has its own limit, so strangers filling the public lane
 * neither refuse nor delay the members the server already knows.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ErrorCode } from '../../shared/errors';
import { Overloaded } from './refused';

export type PasswordLane = 'trusted' | 'public';

export interface DeriveJob {
  secret: string;
  salt: Uint8Array;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

export interface PasswordPoolLimits {
  /** Checks running at once: each holds a thread and 128 MiB at the production cost. */
  threads: number;
  /** Jobs that may wait in each lane; one more is refused at once. */
  queue: number;
}

/**
 * One thread fewer than the cores (the event loop keeps one), at most four; four waiting per
 * thread: at about 250 ms a check, no job waits much more than a second.
 */
export function defaultPoolLimits(): PasswordPoolLimits {
  const threads = Math.max(1, Math.min(4, availableParallelism() - 1));
  return { threads, queue: 4 * threads };
}

/** What a client is told to wait after a busy refusal: about how long a full lane takes to drain. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** A refusal this recent still counts as saturation for the readiness probe (polled every few seconds). */
const SATURATION_MEMORY_MS = 10_000;

/** 3005: no room for password work now; HTTP 503 with Retry-After. */
export function busyRefusal(): Overloaded {
  return new Overloaded(ErrorCode.ServerBusy, BUSY_RETRY_AFTER_SECONDS);
}

export interface PasswordPoolStatus {
  threads: number;
  running: number;
  waiting: Record<PasswordLane, number>;
  /** The public lane is full now, or refused a job within the last few seconds. */
  saturated: boolean;
}

interface Waiting {
  job: DeriveJob;
  resolve: (key: Uint8Array) => void;
  reject: (error: unknown) => void;
}

export class PasswordPool {
  private readonly workers: Piscina<DeriveJob, Uint8Array>;
  private running = 0;
  private readonly lanes: Record<PasswordLane, Waiting[]> = { trusted: [], public: [] };
  private lastRefusalAt = -Infinity;

  constructor(private readonly limits: PasswordPoolLimits) {
    this.workers = new Piscina({
      filename: new URL('./scryptWorker.mjs', import.meta.url).href,
      minThreads: limits.threads,
      maxThreads: limits.threads,
      // The worker is plain JavaScript: no TypeScript loader in its thread.
      execArgv: [],
      // Below the event loop's priority: when the cores are short, answers go first and hashing waits.
      niceIncrement: 10,
    });
  }

  /** Whether a job of this lane would be taken now (it may still be refused if others arrive first). */
  hasRoom(lane: PasswordLane): boolean {
    return this.running < this.limits.threads || this.lanes[lane].length < this.limits.queue;
  }

  /** Derives a scrypt key on a pool thread; refuses at once with 3005 when the lane is full. */
  derive(job: DeriveJob, lane: PasswordLane): Promise<Uint8Array> {
    if (this.running < this.limits.threads) return this.start(job);
    if (this.lanes[lane].length >= this.limits.queue) {
      if (lane === 'public') this.lastRefusalAt = performance.now();
      return Promise.reject(busyRefusal());
    }
    return new Promise((resolve, reject) => this.lanes[lane].push({ job, resolve, reject }));
  }

  status(): PasswordPoolStatus {
    const saturated =
      this.lanes.public.length >= this.limits.queue || performance.now() - this.lastRefusalAt < SATURATION_MEMORY_MS;
    return {
      threads: this.limits.threads,
      running: this.running,
      waiting: { trusted: this.lanes.trusted.length, public: this.lanes.public.length },
      saturated,
    };
  }

  async close(): Promise<void> {
    await this.workers.close();
  }

  private start(job: DeriveJob): Promise<Uint8Array> {
    this.running += 1;
    return this.workers.run(job).finally(() => {
      this.running -= 1;
      const next = this.lanes.trusted.shift() ?? this.lanes.public.shift();
      if (next) this.start(next.job).then(next.resolve, next.reject);
    });
  }
}

let limits = defaultPoolLimits();
let shared: PasswordPool | null = null;

/** The process's pool, made on first use (its threads start with it). */
export function passwordPool(): PasswordPool {
  shared ??= new PasswordPool(limits);
  return shared;
}

/**
 * Other limits for the pool made next. The server suites call it (tests/server/setup.ts): their
 * hashes cost a few milliseconds, so a longer line waits no longer than production's short one.
 */
export function usePasswordPoolLimits(next: PasswordPoolLimits): void {
  limits = next;
  const old = shared;
  shared = null;
  void old?.close();
}
