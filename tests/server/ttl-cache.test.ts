/** The short read-through cache of public content: fresh entries reused, old ones reloaded, bursts share a load. */
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/server/domain/ttlCache';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counter() {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async () => {
      loads += 1;
      await pause(5);
      return loads;
    },
  };
}

describe('TtlCache', () => {
  it('reuses an entry while it is fresh and reloads it once it is older than the ttl', async () => {
    const cache = new TtlCache<string, number>(60);
    const source = counter();
    expect(await cache.get('a', source.load)).toBe(1);
    expect(await cache.get('a', source.load)).toBe(1);
    expect(source.loads).toBe(1);
    await pause(80);
    expect(await cache.get('a', source.load)).toBe(2);
  });

  it('keeps keys apart, and a burst of reads after expiry shares one load', async () => {
    const cache = new TtlCache<number, number>(10_000);
    const source = counter();
    const burst = await Promise.all(Array.from({ length: 10 }, () => cache.get(1, source.load)));
    expect(burst).toEqual(Array(10).fill(1));
    expect(await cache.get(2, source.load)).toBe(2);
    expect(source.loads).toBe(2);
  });

  it('with ttl 0 reads every time', async () => {
    const cache = new TtlCache<string, number>(0);
    const source = counter();
    await cache.get('a', source.load);
    await cache.get('a', source.load);
    expect(source.loads).toBe(2);
  });

  it('a failed load is not kept: the next read tries again', async () => {
    const cache = new TtlCache<string, number>(10_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('is bounded: when full it starts again instead of growing', async () => {
    const cache = new TtlCache<number, number>(10_000, 3);
    const source = counter();
    for (const key of [1, 2, 3, 4]) await cache.get(key, source.load);
    expect(source.loads).toBe(4);
    // Keys 1-3 were dropped when key 4 arrived; 4 is kept.
    await cache.get(4, source.load);
    expect(source.loads).toBe(4);
    await cache.get(1, source.load);
    expect(source.loads).toBe(5);
  });

  it('clear forgets every entry', async () => {
    const cache = new TtlCache<string, number>(10_000);
    const source = counter();
    await cache.get('a', source.load);
    cache.clear();
    await cache.get('a', source.load);
    expect(source.loads).toBe(2);
  });
});
