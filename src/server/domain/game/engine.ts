/**
 * Everything of the round engine one server process keeps: the catalogue and board caches, the
 * hash chains and the scheduler. buildApp makes one and stops it when the app closes.
 */
import type { Deps } from '../deps';
import { BoardCache } from './board';
import { CatalogCache, type GameSettings, type RoomSettings, type TimingOverride } from './catalog';
import { ChainStore, DEFAULT_CHAIN_OPTIONS, type ChainOptions } from './chains';
import type { DrawSecrets } from './drawSecrets';
import type { OutcomeNames } from './outcomeNames';
import { DEFAULT_SCHEDULER_OPTIONS, Scheduler, type SchedulerOptions } from './scheduler';
import type { Room } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { refused } from '../refused';
import type { CacheClock } from '../ttlCache';

export interface EngineOptions {
  /** How old a cached room, game or board may be (ms by `cacheClock`). */
  cacheTtlMs: number;
  cacheClock?: CacheClock;
  chain: ChainOptions;
  scheduler: SchedulerOptions;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  cacheTtlMs: 1_000,
  chain: DEFAULT_CHAIN_OPTIONS,
  scheduler: DEFAULT_SCHEDULER_OPTIONS,
};

export class GameEngine {
  readonly catalog: CatalogCache;
  readonly chains: ChainStore;
  readonly boards: BoardCache;
  readonly scheduler: Scheduler;

  constructor(
    readonly deps: Deps,
    readonly names: OutcomeNames,
    secrets: DrawSecrets,
    options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
  ) {
    const timing: TimingOverride = options.scheduler.timing;
    this.catalog = new CatalogCache(deps.db, options.cacheTtlMs, timing, options.cacheClock);
    this.chains = new ChainStore(deps.db, secrets, options.chain);
    this.boards = new BoardCache(deps.db, this.chains, deps.clock, options.cacheTtlMs, options.cacheClock);
    this.scheduler = new Scheduler(deps, this.chains, options.scheduler, (gameId) => this.boards.invalidate(gameId));
  }

  /** Refuses (DrawSecretError) when a chain rounds still come from cannot be made from the secrets held. */
  async start(): Promise<void> {
    await this.chains.verify();
    await this.scheduler.start();
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }

  /** A room and its game, or the refusal for an unknown one (1057, 1052). */
  async roomAndGame(roomId: number): Promise<{ room: RoomSettings; game: GameSettings; wire: Room }> {
    const catalog = await this.catalog.get();
    const room = catalog.rooms.get(roomId);
    const wire = catalog.wireRooms.get(roomId);
    if (!room || !wire) throw refused(ErrorCode.RoomNotFound);
    const game = catalog.games.get(room.gameId);
    if (!game) throw refused(ErrorCode.GameNotFound);
    return { room, game, wire };
  }
}
