/**
 * The server's side of the hash chain of src/shared/game/fairness.ts: seed[i-1] = SHA-256(seed[i]),
 * seed[0] (the anchor) published, round k of a chain using seed[k] so its commitment SHA-256(seed[k])
 * is seed[k-1], the seed of the round before. The top seed seed[length] is HMAC-SHA256(draw secret,
 * the chain's public label), so the secret alone makes every chain again; nothing but the anchor and
 * the label is stored. In memory every `every`-th seed is kept (checkpoints), so seed[k] is the next
 * checkpoint above k hashed down, at most every-1 hashes. node:crypto does the hashing for speed;
 * tests hold it equal to the shared hashForward.
 */
import { createHash, createHmac, hash, randomBytes } from 'node:crypto';

export interface HashChain {
  topSeed: string;
  anchor: string;
  length: number;
  every: number;
  /** checkpoints[j] = seed[j * every], j = 0 .. floor(length / every). */
  checkpoints: string[];
}

/** One-shot crypto.hash (Node 20.12+) is about twice as fast as a Hash object over 100,000 steps. */
function sha256(bytes: Buffer): Buffer {
  return typeof hash === 'function' ? hash('sha256', bytes, 'buffer') : createHash('sha256').update(bytes).digest();
}

/** seed hashed `steps` times. */
export function hashDown(seedHex: string, steps: number): string {
  let bytes: Buffer = Buffer.from(seedHex, 'hex');
  for (let i = 0; i < steps; i++) bytes = sha256(bytes);
  return bytes.toString('hex');
}

/** A new chain's public label: random, so no two chains of one secret share a seed. */
export function newChainLabel(): string {
  return randomBytes(16).toString('hex');
}

/** seed[length] of the chain with this label: the secret keyed over the label. */
export function topSeedOf(secret: Buffer, label: string): string {
  return createHmac('sha256', secret).update(`roundplay hash chain ${label}`).digest('hex');
}

export function generateChain(length: number, every: number, topSeed: string): HashChain {
  if (!Number.isInteger(length) || length < 1) throw new Error('chain length must be a positive integer');
  if (!Number.isInteger(every) || every < 1) throw new Error('checkpoint spacing must be a positive integer');
  const checkpoints: string[] = new Array<string>(Math.floor(length / every) + 1);
  let bytes: Buffer = Buffer.from(topSeed, 'hex');
  for (let index = length; index >= 0; index--) {
    if (index % every === 0) checkpoints[index / every] = bytes.toString('hex');
    if (index > 0) bytes = sha256(bytes);
  }
  return { topSeed, anchor: checkpoints[0], length, every, checkpoints };
}

/** seed[index], 0 <= index <= length. */
export function seedAt(chain: HashChain, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > chain.length) throw new Error(`no seed ${index} in the chain`);
  const j = Math.ceil(index / chain.every);
  const [from, fromIndex] =
    j < chain.checkpoints.length ? [chain.checkpoints[j], j * chain.every] : [chain.topSeed, chain.length];
  return hashDown(from, fromIndex - index);
}

/** What a round publishes before it opens: SHA-256(seed), which is also seed[index - 1]. */
export function commitmentAt(chain: HashChain, index: number): string {
  return hashDown(seedAt(chain, index), 1);
}
