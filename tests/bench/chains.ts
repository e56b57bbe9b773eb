/**
 * What the draw secret costs a server: each hash chain still in use is made again in memory from
 * the secret once, at start (100,000 SHA-256 for the default length), and each draw then finds
 * its seed from the nearest checkpoint above it (at most 999 hashes).
 */
import { randomBytes } from 'node:crypto';
import { generateChain, newChainLabel, seedAt, topSeedOf } from '../../src/server/domain/game/chain';
import { DEFAULT_CHAIN_OPTIONS } from '../../src/server/domain/game/chains';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function measureChains(): string[] {
  const { length, checkpointEvery } = DEFAULT_CHAIN_OPTIONS;
  const secret = randomBytes(32);
  const makes: number[] = [];
  const finds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const chain = generateChain(length, checkpointEvery, topSeedOf(secret, newChainLabel()));
    makes.push(performance.now() - started);
    const findStarted = performance.now();
    // Indexes just above a checkpoint are the slowest: checkpointEvery - 1 hashes each.
    for (let k = 0; k < 100; k++) seedAt(chain, k * checkpointEvery + 1);
    finds.push((performance.now() - findStarted) / 100);
  }
  return [
    `Hash chain of ${length.toLocaleString('en-US')} made again from the draw secret (once per chain in use, at start): ` +
      `${median(makes).toFixed(0)} ms, median of ${RUNS}`,
    `  a round's seed from the checkpoint above it (every ${checkpointEvery}, kept in memory), worst case: ` +
      `${median(finds).toFixed(2)} ms`,
  ];
}
