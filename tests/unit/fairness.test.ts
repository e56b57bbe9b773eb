import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commitmentOf, drawFromSeed, hashForward, hmacSha256, sha256, toHex, verifyRound } from '../../src/shared/game';

const nodeSha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('SHA-256 and HMAC in plain TypeScript agree with node:crypto', () => {
  it('on the empty input and known vectors', () => {
    expect(toHex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
  it('on random inputs of every length around the block edges', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 200 }), (bytes) => toHex(sha256(bytes)) === nodeSha(bytes)),
      { numRuns: 300 },
    );
  });
  it('HMAC on random keys and messages (keys longer than a block too)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 100 }), (key, msg) => {
        return toHex(hmacSha256(key, msg)) === createHmac('sha256', key).update(msg).digest('hex');
      }),
      { numRuns: 200 },
    );
  });
});

describe('draws from a seed', () => {
  it('follow the published recipe: HMAC bytes below 250, mod 10', () => {
    const seed = randomBytes(32);
    const mac = createHmac('sha256', seed).update('20261122-0001').digest();
    const digits = [...mac]
      .filter((b) => b < 250)
      .map((b) => b % 10)
      .slice(0, 3);
    expect(drawFromSeed(seed.toString('hex'), '20261122-0001')).toEqual(digits);
  });
  it('are spread evenly over the ten digits', () => {
    const counts = Array(10).fill(0);
    for (let i = 0; i < 3000; i++) {
      for (const d of drawFromSeed(randomBytes(32).toString('hex'), i)) counts[d]++;
    }
    // 9000 digits: each digit 900 expected; 5 standard deviations is about 142.
    for (const c of counts) expect(Math.abs(c - 900)).toBeLessThan(150);
  });
});

describe('verifyRound', () => {
  const chainTop = randomBytes(32).toString('hex');
  const seed2 = chainTop;
  const seed1 = hashForward(chainTop, 1);
  const anchor = hashForward(chainTop, 2);

  it('passes an honest round and links it to the round before', () => {
    const numbers = drawFromSeed(seed2, 'r2');
    const result = verifyRound({
      roundId: 'r2',
      commitment: commitmentOf(seed2),
      seed: seed2,
      numbers,
      previousSeed: seed1,
    });
    expect(result).toMatchObject({ ok: true, commitmentMatches: true, numbersMatch: true, chainLinks: true });
    expect(
      verifyRound({
        roundId: 'r1',
        commitment: commitmentOf(seed1),
        seed: seed1,
        numbers: drawFromSeed(seed1, 'r1'),
        previousSeed: anchor,
      }).ok,
    ).toBe(true);
  });
  it('fails when the numbers were changed', () => {
    const [a, b, c] = drawFromSeed(seed2, 'r2');
    const result = verifyRound({
      roundId: 'r2',
      commitment: commitmentOf(seed2),
      seed: seed2,
      numbers: [(a + 1) % 10, b, c],
    });
    expect(result.ok).toBe(false);
    expect(result.numbersMatch).toBe(false);
  });
  it('fails when the seed does not match the commitment or breaks the chain', () => {
    const other = randomBytes(32).toString('hex');
    expect(
      verifyRound({ roundId: 'r2', commitment: commitmentOf(seed2), seed: other, numbers: drawFromSeed(other, 'r2') })
        .commitmentMatches,
    ).toBe(false);
    expect(
      verifyRound({
        roundId: 'r2',
        commitment: commitmentOf(seed2),
        seed: seed2,
        numbers: drawFromSeed(seed2, 'r2'),
        previousSeed: anchor,
      }).ok,
    ).toBe(false);
  });
  it('refuses a seed that is not 32 bytes of hex', () => {
    expect(verifyRound({ roundId: 1, commitment: 'x', seed: 'zz', numbers: [1, 2, 3] }).ok).toBe(false);
  });
});
