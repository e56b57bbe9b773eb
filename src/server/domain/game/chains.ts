/**
 * Hash chains per game: the one in use, a new one when it runs out (a new anchor), and parsed
 * chains kept in memory (a chain never changes once written).
 */
import type { ChainRow, Db } from '../../db/schema';
import { chainById, insertChain, lastUsedChainIndex, latestChainOfGame } from '../../repositories/chains';
import { generateChain, type HashChain } from './chain';

export interface ChainOptions {
  /** Rounds per chain (default 100,000: 138 days of 2-minute rounds). */
  length: number;
  /** Seeds between stored checkpoints: at most this many hashes to find a seed. */
  checkpointEvery: number;
}

export const DEFAULT_CHAIN_OPTIONS: ChainOptions = { length: 100_000, checkpointEvery: 1_000 };

function parse(row: ChainRow): HashChain {
  return {
    topSeed: row.top_seed,
    anchor: row.anchor,
    length: row.length,
    every: row.checkpoint_every,
    checkpoints: JSON.parse(row.checkpoints) as string[],
  };
}

export class ChainStore {
  private readonly chains = new Map<number, HashChain>();

  constructor(
    private readonly db: Db,
    private readonly options: ChainOptions = DEFAULT_CHAIN_OPTIONS,
  ) {}

  async get(id: number): Promise<HashChain> {
    const cached = this.chains.get(id);
    if (cached) return cached;
    const row = await chainById(this.db, id);
    if (!row) throw new Error(`hash chain ${id} is missing`);
    const chain = parse(row);
    this.chains.set(id, chain);
    return chain;
  }

  /** The chain the game's next round takes its seed from, and that seed's index. */
  async next(gameId: number, now: number): Promise<{ chainId: number; chain: HashChain; index: number }> {
    const latest = await latestChainOfGame(this.db, gameId);
    if (latest) {
      const index = (await lastUsedChainIndex(this.db, latest.id)) + 1;
      if (index <= latest.length) return { chainId: latest.id, chain: await this.get(latest.id), index };
    }
    const chain = generateChain(this.options.length, this.options.checkpointEvery);
    const chainId = await insertChain(this.db, {
      game_id: gameId,
      top_seed: chain.topSeed,
      anchor: chain.anchor,
      length: chain.length,
      checkpoint_every: chain.every,
      checkpoints: JSON.stringify(chain.checkpoints),
      created_at: now,
    });
    this.chains.set(chainId, chain);
    return { chainId, chain, index: 1 };
  }
}
