import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { db } from '../../src/client/data/db';
import { readCached, revalidate, useSynced, writeCached, type SyncKey } from '../../src/client/data/sync';
import { setOnlineStateForTest } from '../../src/client/data/online';
import { endSession } from '../../src/client/data/session';
import { getToken, startSession } from '../../src/client/api/session';
import { resetClientState } from './helpers';

const KEY: SyncKey = 'config:app';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(async () => {
  await resetClientState();
});

describe('useSynced (cache-first sync layer on fake-indexeddb)', () => {
  it('returns the cached row at once as stale, then revalidates, writes back and turns fresh', async () => {
    await writeCached(KEY, { siteName: 'cached' }, 1_000);
    const answer = deferred<{ siteName: string }>();
    const fetcher = vi.fn(() => answer.promise);

    const { result } = renderHook(() => useSynced(KEY, fetcher));

    await waitFor(() => expect(result.current.data).toEqual({ siteName: 'cached' }));
    expect(result.current.status).toBe('stale');
    expect(result.current.updatedAt).toBe(1_000);
    expect(result.current.isLoading).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(1);

    await act(async () => answer.resolve({ siteName: 'network' }));

    await waitFor(() => expect(result.current.status).toBe('fresh'));
    expect(result.current.data).toEqual({ siteName: 'network' });
    expect(result.current.updatedAt).toBeGreaterThan(1_000);
    const row = await readCached<{ siteName: string }>(KEY);
    expect(row?.data).toEqual({ siteName: 'network' });
  });

  it('fetches an empty key and shows it fresh', async () => {
    const { result } = renderHook(() => useSynced(KEY, async () => ({ siteName: 'first' })));
    expect(result.current.status).toBe('empty');
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('fresh'));
    expect(result.current.data).toEqual({ siteName: 'first' });
  });

  it('offline: keeps the cached row, marks it stale with its updatedAt and sends nothing', async () => {
    await writeCached(KEY, { siteName: 'cached' }, 5_000);
    setOnlineStateForTest({ browserOnline: false });
    const fetcher = vi.fn(async () => ({ siteName: 'network' }));

    const { result } = renderHook(() => useSynced(KEY, fetcher));

    await waitFor(() => expect(result.current.data).toEqual({ siteName: 'cached' }));
    expect(result.current.status).toBe('stale');
    expect(result.current.updatedAt).toBe(5_000);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('offline with nothing cached: empty, not loading, no data', async () => {
    setOnlineStateForTest({ browserOnline: false });
    const fetcher = vi.fn(async () => ({ siteName: 'network' }));
    const { result } = renderHook(() => useSynced(KEY, fetcher));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.status).toBe('empty');
    expect(result.current.data).toBeUndefined();
    expect(result.current.updatedAt).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('a failed revalidation keeps the cached row, stale, with the error', async () => {
    await writeCached(KEY, { siteName: 'cached' }, 7_000);
    const failure = new Error('server down');
    const { result } = renderHook(() => useSynced(KEY, async () => Promise.reject(failure)));
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(result.current.status).toBe('stale');
    expect(result.current.data).toEqual({ siteName: 'cached' });
    expect(result.current.updatedAt).toBe(7_000);
  });

  it('becomes stale when the connection drops and revalidates when it comes back', async () => {
    let version = 0;
    const fetcher = vi.fn(async () => ({ version: ++version }));
    const { result } = renderHook(() => useSynced(KEY, fetcher));
    await waitFor(() => expect(result.current.status).toBe('fresh'));

    act(() => setOnlineStateForTest({ browserOnline: false }));
    expect(result.current.status).toBe('stale');
    expect(result.current.data).toEqual({ version: 1 });

    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_100)); // past the de-duplication window
      setOnlineStateForTest({ browserOnline: true });
    });
    await waitFor(() => expect(result.current.data).toEqual({ version: 2 }));
    expect(result.current.status).toBe('fresh');
  });

  it('refresh() forces a new request and shares it between callers', async () => {
    const fetcher = vi.fn(async () => ({ at: Date.now() }));
    const { result } = renderHook(() => useSynced(KEY, fetcher));
    await waitFor(() => expect(result.current.status).toBe('fresh'));
    await act(async () => {
      await Promise.all([result.current.refresh(), result.current.refresh()]);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('a disabled key (null) reads and fetches nothing', async () => {
    const fetcher = vi.fn(async () => 1);
    const { result } = renderHook(() => useSynced(null, fetcher));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.status).toBe('empty');
    expect(result.current.isLoading).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('logout clears private rows and keeps public ones', () => {
  it('endSession empties profile, fund log and bank cards, keeps config, articles, banners, rooms and games', async () => {
    startSession('token-1');
    await writeCached('config:app', { siteName: 'x' });
    await writeCached('articles:category-9', [{ id: 1 }]);
    await writeCached('banners:all', [{ id: 1 }]);
    await writeCached('rooms:type-1', [{ id: 1 }]);
    await writeCached('games:all', [{ id: 15 }]);
    await writeCached('profile:me', { nickname: 'demo' });
    await writeCached('fundLog:last', [{ id: 1 }]);
    await writeCached('bankCards:all', [{ id: 1 }]);

    await endSession();

    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await db.profile.count()).toBe(0);
    expect(await db.fundLog.count()).toBe(0);
    expect(await db.bankCards.count()).toBe(0);
    expect(await db.config.count()).toBe(1);
    expect(await db.articles.count()).toBe(1);
    expect(await db.banners.count()).toBe(1);
    expect(await db.rooms.count()).toBe(1);
    expect(await db.games.count()).toBe(1);
  });

  it('an answer that arrives after logout is not written back', async () => {
    startSession('token-1');
    const answer = deferred<{ nickname: string }>();
    const pending = revalidate('profile:me', () => answer.promise);
    await endSession();
    answer.resolve({ nickname: 'late' });
    await pending;
    expect(await readCached('profile:me')).toBeUndefined();
  });
});
