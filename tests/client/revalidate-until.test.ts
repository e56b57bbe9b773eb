/**
 * What a revalidation's promise waits for: by default until the database has the answer too; with
 * `until: 'answered'` (a first render's reads, prefetch) only until screens have it, so a first
 * screen never waits for the cache database to open.
 */
import { describe, expect, it } from 'vitest';
import { createQueryCache, type CacheDatabase } from '../../src/client/data/queryCache';
import { queryKey } from '../../src/client/data/key';
import { ApiPath } from '../../src/shared/api/paths';

/** A cache whose database opens only when the test says. */
function cacheWithHeldDatabase() {
  let openNow: (database: CacheDatabase) => void = () => undefined;
  const stored: unknown[] = [];
  const database: CacheDatabase = {
    get: () => Promise.resolve(undefined),
    put: (row) => {
      stored.push(row.data);
      return Promise.resolve();
    },
    deleteMemberRows: () => Promise.resolve(),
    touch: () => Promise.resolve(),
  };
  const cache = createQueryCache({
    now: () => 1_000,
    isBrowserOnline: () => true,
    owner: () => '',
    openDatabase: () => new Promise<CacheDatabase>((resolve) => (openNow = resolve)),
  });
  return { cache, stored, open: () => openNow(database) };
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

const key = queryKey(ApiPath.getConfig, {});

describe('a revalidation settles', () => {
  it("until 'answered': once the answer is shown, while the database is still closed", async () => {
    const { cache, stored, open } = cacheWithHeldDatabase();
    const answered = cache.revalidate(key, () => Promise.resolve('config'), { until: 'answered' });
    expect(await settled(answered)).toBe(true);
    expect(cache.stateOf(key)).toMatchObject({ ok: true, row: { data: 'config' } });
    expect(stored).toEqual([]);
    open();
    await settled(Promise.resolve());
    expect(stored).toEqual(['config']);
  });

  it('by default: only once the database has stored the answer', async () => {
    const { cache, stored, open } = cacheWithHeldDatabase();
    const run = cache.revalidate(key, () => Promise.resolve('config'));
    expect(await settled(run)).toBe(false);
    expect(cache.stateOf(key).ok).toBe(true);
    open();
    expect(await settled(run)).toBe(true);
    expect(stored).toEqual(['config']);
  });

  it("until 'answered' joins a request already under way, and settles on its failure too", async () => {
    const { cache } = cacheWithHeldDatabase();
    let fail: (error: Error) => void = () => undefined;
    const first = cache.revalidate(key, () => new Promise<string>((_, reject) => (fail = reject)));
    const joined = cache.revalidate(key, () => Promise.resolve('unused'), { until: 'answered' });
    expect(await settled(joined)).toBe(false);
    fail(new Error('offline'));
    expect(await settled(joined)).toBe(true);
    expect(await settled(first)).toBe(true);
    expect(cache.stateOf(key).ok).toBe(false);
  });
});
