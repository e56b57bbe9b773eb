/**
 * Hash chains per game: the one in use, a new one when it runs out or the draw secret was rotated,
 * and the seeds of committed rounds. A chain's row is public (anchor, length, label); its seeds are
 * made again in memory from the draw secret the first time they are needed (100,000 SHA-256 for a
 * chain of 100,000 rounds, about 150 ms on a small machine) and never written anywhere. A chain the secrets
 * held cannot make again is never continued and no seed is made up for its rounds: the start is
 * refused, and a running server says so in its log at every tick.
 */
import type { ChainRow, Db } from '../../db/schema';
import {
  chainById,
  chainsNeedingSecret,
  endChain,
  insertChain,
  keptSeedOf,
  lastUsedChainIndex,
  latestChainOfGame,
} from '../../repositories/chains';
import { commitmentAt, generateChain, newChainLabel, seedAt, topSeedOf, type HashChain } from './chain';
import { DrawSecretError } from './drawSecretFile';
import { describeNeeds, LOST_SECRET_ADVICE, type DrawSecrets } from './drawSecrets';

export interface ChainOptions {
  /** Rounds per chain (default 100,000: 138 days of 2-minute rounds). */
  length: number;
  /** Seeds between checkpoints kept in memory: at most this many hashes to find a seed. */
  checkpointEvery: number;
}

export const DEFAULT_CHAIN_OPTIONS: ChainOptions = { length: 100_000, checkpointEvery: 1_000 };

interface MadeChain {
  chain: HashChain;
  /** The secret it was made from. */
  secret: Buffer;
}

/** The seed of a committed round, and whether it was one kept from before 0008 (forgotten once drawn). */
export interface RoundSeed {
  seed: string;
  kept: boolean;
}

export class ChainStore {
  private readonly made = new Map<number, MadeChain>();
  private readonly anchors = new Map<number, string>();
  /** Chains the secrets held could not make, with those secrets: not tried again until they change. */
  private readonly unmade = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly secrets: DrawSecrets,
    private readonly options: ChainOptions = DEFAULT_CHAIN_OPTIONS,
  ) {}

  /** The chain's published anchor (no secret needed). */
  async anchorOf(id: number): Promise<string> {
    const cached = this.anchors.get(id);
    if (cached !== undefined) return cached;
    const row = await chainById(this.db, id);
    if (!row) throw new Error(`hash chain ${id} is missing`);
    this.anchors.set(id, row.anchor);
    return row.anchor;
  }

  /** The seed a committed round was committed to; never one made up. */
  async seedOf(round: { id: number; chain_id: number; chain_index: number }): Promise<RoundSeed> {
    const row = await chainById(this.db, round.chain_id);
    if (!row) throw new Error(`hash chain ${round.chain_id} is missing`);
    if (row.label === null) {
      const kept = await keptSeedOf(this.db, round.id);
      if (kept === undefined) throw new DrawSecretError(`round #${round.id}: its chain's seeds left the database`);
      return { seed: kept, kept: true };
    }
    return { seed: seedAt(this.make(row).chain, round.chain_index), kept: false };
  }

  /** The chain the game's next round takes its seed from, that seed's index and its commitment. */
  async next(gameId: number, now: number): Promise<{ chainId: number; index: number; commitment: string }> {
    const latest = await latestChainOfGame(this.db, gameId);
    if (latest && latest.ended_at === null && latest.label !== null) {
      const { chain, secret } = this.make(latest);
      const index = (await lastUsedChainIndex(this.db, latest.id)) + 1;
      if (index <= latest.length && secret.equals(this.secrets.current())) {
        return { chainId: latest.id, index, commitment: commitmentAt(chain, index) };
      }
      // Used up, or made from a secret that a newer one has replaced: no round comes from it any more.
      await endChain(this.db, latest.id, now);
    }
    // The admin command may have rotated the secret since it was read.
    this.secrets.reload();
    const label = newChainLabel();
    const secret = this.secrets.current();
    const chain = generateChain(this.options.length, this.options.checkpointEvery, topSeedOf(secret, label));
    const chainId = await insertChain(this.db, {
      game_id: gameId,
      anchor: chain.anchor,
      length: chain.length,
      label,
      created_at: now,
      ended_at: null,
    });
    this.made.set(chainId, { chain, secret });
    this.anchors.set(chainId, chain.anchor);
    return { chainId, index: 1, commitment: commitmentAt(chain, 1) };
  }

  /**
   * Makes every chain that still needs its secret (at start, before any round is drawn): refuses,
   * naming the games, when the secrets held cannot make one.
   */
  async verify(): Promise<void> {
    const needs = await chainsNeedingSecret(this.db);
    const unmade = needs.filter((row) => this.tryMake(row) === null);
    if (unmade.length > 0) {
      throw new DrawSecretError(
        `the hash chains of ${describeNeeds(unmade)} were not made from any draw secret in ${this.secrets.where}, ` +
          `and rounds still come from them. Give the server the secret that made them (restore its file from ` +
          `the backup), or, if it is lost, run ${LOST_SECRET_ADVICE}.`,
      );
    }
  }

  /** The secret held that made this chain, or null (made from another secret, or before 0008). */
  secretOf(row: ChainRow): Buffer | null {
    return this.tryMake(row)?.secret ?? null;
  }

  private make(row: ChainRow): MadeChain {
    let made = this.tryMake(row);
    if (made) return made;
    // Another process may have made it after a rotation this one has not read yet.
    this.secrets.reload();
    made = this.tryMake(row);
    if (made) return made;
    throw new DrawSecretError(
      `hash chain #${row.id} of game ${row.game_id} (anchor ${row.anchor}) was not made from any draw secret in ` +
        `${this.secrets.where}: its rounds cannot be drawn and no new round comes from it. Restore the secret ` +
        `that made it, or, if it is lost, run ${LOST_SECRET_ADVICE}.`,
    );
  }

  /** The chain made again from whichever secret held gives its anchor; null when none does. */
  private tryMake(row: ChainRow): MadeChain | null {
    const cached = this.made.get(row.id);
    if (cached) return cached;
    if (row.label === null) return null;
    const tried = this.secrets
      .all()
      .map((secret) => secret.toString('hex'))
      .join(',');
    if (this.unmade.get(row.id) === tried) return null;
    for (const secret of this.secrets.all()) {
      const chain = generateChain(row.length, this.options.checkpointEvery, topSeedOf(secret, row.label));
      if (chain.anchor === row.anchor) {
        const made = { chain, secret };
        this.made.set(row.id, made);
        this.unmade.delete(row.id);
        return made;
      }
    }
    this.unmade.set(row.id, tried);
    return null;
  }
}
