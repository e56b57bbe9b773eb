/**
 * The short read-through cache of public content: fresh entries reused, old ones reloaded, bursts
 * share a load. Time is the cache's injected clock, moved by the test: nothing sleeps.
 */
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/server/domain/ttlCache';

function testClock() {
  let now = 1_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function counter() {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async () => {
      loads += 1;
      return loads;
    },
  };
}

describe('TtlCache', () => {
  it('reuses an entry while it is fresh and reloads it once it is as old as the ttl', async () => {
    const clock = testClock();
    const cache = new TtlCache<string, number>(60, clock.now);
    const source = counter();
    expect(await cache.get('a', source.load)).toBe(1);
    clock.advance(59);
    expect(await cache.get('a', source.load)).toBe(1);
    expect(source.loads).toBe(1);
    clock.advance(1);
    expect(await cache.get('a', source.load)).toBe(2);
    expect(await cache.get('a', source.load)).toBe(2);
  });

  it('keeps keys apart, and a burst of reads while a load is pending shares that load', async () => {
    const clock = testClock();
    const cache = new TtlCache<number, number>(10_000, clock.now);
    let release: (value: number) => void = () => undefined;
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const burst = Promise.all(Array.from({ length: 10 }, () => cache.get(1, slow)));
    expect(loads).toBe(1);
    release(41);
    expect(await burst).toEqual(Array(10).fill(41));
    expect(await cache.get(2, async () => 7)).toBe(7);
    expect(await cache.get(1, slow)).toBe(41);
    expect(loads).toBe(1);
  });

  it('with ttl 0 reads every time, even while another read of the same key is under way', async () => {
    const cache = new TtlCache<string, number>(0, testClock().now);
    const source = counter();
    await cache.get('a', source.load);
    await cache.get('a', source.load);
    expect(source.loads).toBe(2);
    // Off means off: a read never shares a load that started before it (it could predate a change).
    expect(await Promise.all([cache.get('a', source.load), cache.get('a', source.load)])).toEqual([3, 4]);
  });

  it('a failed load is not kept: the next read tries again', async () => {
    const cache = new TtlCache<string, number>(10_000, testClock().now);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('is bounded: when full it starts again instead of growing', async () => {
    const cache = new TtlCache<number, number>(10_000, testClock().now, 3);
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
    const cache = new TtlCache<string, number>(10_000, testClock().now);
    const source = counter();
    await cache.get('a', source.load);
    cache.clear();
    await cache.get('a', source.load);
    expect(source.loads).toBe(2);
  });
});
