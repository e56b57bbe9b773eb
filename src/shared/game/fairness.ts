/**
 * Provably fair draws (DESIGN.md sections 3 and 4).
 *
 * Seeds come from a SHA-256 hash chain made ahead and used in reverse: seed[i-1] = SHA-256(seed[i]),
 * and the chain's last made element, seed[0], is published as the anchor. A round's commitment is
 * SHA-256(its seed), shown before the round opens; after the draw its seed is revealed. Because the
 * commitment of one round is the seed of the round before it, every revealed seed links back to the
 * anchor, so the operator cannot pick seeds after the fact.
 *
 * Digits: bytes of HMAC-SHA256(key = seed, message = "<round id>"), then "<round id>:1", ":2"...
 * as needed; a byte is used only when below 250 (a multiple of 10), as byte mod 10, so each digit
 * is exactly uniform.
 */
import { type Draw } from './outcomes';
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256';

export function commitmentOf(seedHex: string): string {
  const seed = fromHex(seedHex);
  if (!seed) throw new Error('seed must be hex');
  return toHex(sha256(seed));
}

export function drawFromSeed(seedHex: string, roundId: string | number): Draw {
  const key = fromHex(seedHex);
  if (!key) throw new Error('seed must be hex');
  const digits: number[] = [];
  for (let counter = 0; digits.length < 3; counter++) {
    const message = counter === 0 ? `${roundId}` : `${roundId}:${counter}`;
    for (const byte of hmacSha256(key, utf8(message))) {
      if (byte < 250) digits.push(byte % 10);
      if (digits.length === 3) break;
    }
  }
  return [digits[0], digits[1], digits[2]];
}

export interface RoundProof {
  roundId: string | number;
  commitment: string;
  seed: string;
  /** The numbers the server says it drew. */
  numbers: readonly number[];
  /** Optional: the seed of the round before in the same chain, or the anchor for the first round. */
  previousSeed?: string;
}

export interface VerifyResult {
  ok: boolean;
  commitmentMatches: boolean;
  numbersMatch: boolean;
  /** null when no previous seed was given. */
  chainLinks: boolean | null;
  expected: Draw | null;
}

/** Re-checks a round from its published fields alone; used by the app's fairness screen. */
export function verifyRound(proof: RoundProof): VerifyResult {
  const seed = fromHex(proof.seed);
  if (!seed || seed.length !== 32) {
    return { ok: false, commitmentMatches: false, numbersMatch: false, chainLinks: null, expected: null };
  }
  const commitment = toHex(sha256(seed));
  const commitmentMatches = commitment === proof.commitment.toLowerCase();
  const expected = drawFromSeed(proof.seed, proof.roundId);
  const numbersMatch = proof.numbers.length === 3 && expected.every((digit, i) => digit === proof.numbers[i]);
  const chainLinks = proof.previousSeed === undefined ? null : commitment === proof.previousSeed.toLowerCase();
  return {
    ok: commitmentMatches && numbersMatch && chainLinks !== false,
    commitmentMatches,
    numbersMatch,
    chainLinks,
    expected,
  };
}

/** Walks a seed down its chain: SHA-256 applied `steps` times. */
export function hashForward(seedHex: string, steps: number): string {
  let bytes = fromHex(seedHex);
  if (!bytes) throw new Error('seed must be hex');
  for (let i = 0; i < steps; i++) bytes = sha256(bytes);
  return toHex(bytes);
}
