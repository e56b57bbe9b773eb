import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { db } from '../../src/client/data/db';
import { getQueryData, revalidate, useSynced, setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { endSession } from '../../src/client/data/session';
import { getMember, startSession } from '../../src/client/api/session';
import { Providers, resetClientState } from './helpers';
import { hashKey, queryKey, windowedKey } from '../../src/client/data/key';
import { ApiPath } from '../../src/shared/api/paths';

const KEY = queryKey(ApiPath.getConfig, {});

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
    await setQueryData(KEY, { siteName: 'cached' }, 1_000);
    const answer = deferred<{ siteName: string }>();
    const fetcher = vi.fn(() => answer.promise);

    const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });

    await waitFor(() => expect(result.current.data).toEqual({ siteName: 'cached' }));
    expect(result.current.status).toBe('stale');
    expect(result.current.updatedAt).toBe(1_000);
    expect(result.current.isLoading).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(1);

    await act(async () => answer.resolve({ siteName: 'network' }));

    await waitFor(() => expect(result.current.status).toBe('fresh'));
    expect(result.current.data).toEqual({ siteName: 'network' });
    expect(result.current.updatedAt).toBeGreaterThan(1_000);
    const row = await getQueryData<{ siteName: string }>(KEY);
    expect(row?.data).toEqual({ siteName: 'network' });
  });

  it('fetches an empty key and shows it fresh', async () => {
    const { result } = renderHook(() => useSynced(KEY, async () => ({ siteName: 'first' })), { wrapper: Providers });
    expect(result.current.status).toBe('empty');
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('fresh'));
    expect(result.current.data).toEqual({ siteName: 'first' });
  });

  it('an answer shows fresh the moment it arrives, while the database is still storing it', async () => {
    const stored = deferred<unknown>();
    const put = vi.spyOn(db.cache, 'put').mockImplementation(() => stored.promise as never);
    const fetcher = vi.fn(async () => ({ siteName: 'network' }));
    const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });

    await waitFor(() => expect(result.current.data).toEqual({ siteName: 'network' }));
    expect(result.current.status).toBe('fresh');
    expect(result.current.isLoading).toBe(false);
    expect(put).toHaveBeenCalledTimes(1);
    // The store is still running; asking again is not held back by it.
    act(() => void result.current.refresh());
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    stored.resolve(KEY);
  });

  it('a database that cannot store an answer costs only the offline copy: the answer still shows', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(db.cache, 'put').mockImplementation(() => Promise.reject(new Error('QuotaExceededError')) as never);
    const { result } = renderHook(() => useSynced(KEY, async () => ({ siteName: 'network' })), { wrapper: Providers });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(result.current.data).toEqual({ siteName: 'network' });
    expect(result.current.status).toBe('fresh');
    expect(result.current.error).toBeNull();
  });

  it('offline: keeps the cached row, marks it stale with its updatedAt and sends nothing', async () => {
    await setQueryData(KEY, { siteName: 'cached' }, 5_000);
    online.browserChanged(false);
    const fetcher = vi.fn(async () => ({ siteName: 'network' }));

    const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });

    await waitFor(() => expect(result.current.data).toEqual({ siteName: 'cached' }));
    expect(result.current.status).toBe('stale');
    expect(result.current.updatedAt).toBe(5_000);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('the server out of reach while the browser says online: a key opened then is stale, not waiting for a request that is not sent', async () => {
    await setQueryData(KEY, { siteName: 'cached' }, 5_000);
    // An earlier request found the server unreachable (an offline reload the browser did not notice).
    online.reported(false);
    const fetcher = vi.fn(async () => ({ siteName: 'network' }));

    const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });

    await waitFor(() => expect(result.current.data).toEqual({ siteName: 'cached' }));
    expect(result.current.status).toBe('stale');
    expect(result.current.isValidating).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
    // Once the server answers again (the probe), the key is asked and turns fresh.
    act(() => online.reported(true));
    await waitFor(() => expect(result.current.status).toBe('fresh'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('offline with nothing cached: empty, not loading, no data', async () => {
    online.browserChanged(false);
    const fetcher = vi.fn(async () => ({ siteName: 'network' }));
    const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.status).toBe('empty');
    expect(result.current.data).toBeUndefined();
    expect(result.current.updatedAt).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('offline with a database that cannot be read: empty, not loading, the screen still drawn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // React reports the error its boundary caught; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(db.cache, 'get').mockImplementation(() => Promise.reject(new Error('InvalidStateError')) as never);
    online.browserChanged(false);
    const { result } = renderHook(() => useSynced(KEY, async () => ({ siteName: 'network' })), { wrapper: Providers });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.status).toBe('empty');
    expect(warn).toHaveBeenCalledWith('[cache] could not read', hashKey(KEY), expect.anything());
  });

  it('a failed revalidation keeps the cached row, stale, with the error', async () => {
    await setQueryData(KEY, { siteName: 'cached' }, 7_000);
    const failure = new Error('server down');
    const { result } = renderHook(() => useSynced(KEY, async () => Promise.reject(failure)), { wrapper: Providers });
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(result.current.status).toBe('stale');
    expect(result.current.data).toEqual({ siteName: 'cached' });
    expect(result.current.updatedAt).toBe(7_000);
  });

  it('becomes stale when the connection drops and revalidates when it comes back', async () => {
    let now = 1_000_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    try {
      let version = 0;
      const fetcher = vi.fn(async () => ({ version: ++version }));
      const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });
      await waitFor(() => expect(result.current.status).toBe('fresh'));

      act(() => online.browserChanged(false));
      expect(result.current.status).toBe('stale');
      expect(result.current.data).toEqual({ version: 1 });

      now += 2_001; // past the de-duplication window
      vi.setSystemTime(now);
      act(() => online.browserChanged(true));
      await waitFor(() => expect(result.current.data).toEqual({ version: 2 }));
      expect(result.current.status).toBe('fresh');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refresh() forces a new request and shares it between callers', async () => {
    const fetcher = vi.fn(async () => ({ at: Date.now() }));
    const { result } = renderHook(() => useSynced(KEY, fetcher), { wrapper: Providers });
    await waitFor(() => expect(result.current.status).toBe('fresh'));
    await act(async () => {
      await Promise.all([result.current.refresh(), result.current.refresh()]);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('a disabled key (null) reads and fetches nothing', async () => {
    const fetcher = vi.fn(async () => 1);
    const { result } = renderHook(() => useSynced(null, fetcher), { wrapper: Providers });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.status).toBe('empty');
    expect(result.current.isLoading).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('how old an answer is, on the cache clock', () => {
  it('a confirmed key is not asked again within maxAgeMs, and is once the clock has moved past it', async () => {
    let now = 1_000_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    try {
      const fetcher = vi.fn(async () => ({ siteName: 'network' }));
      await revalidate(KEY, fetcher, 60_000);
      await revalidate(KEY, fetcher, 60_000);
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect((await getQueryData(KEY))?.updatedAt).toBe(1_000_000);
      now += 60_001;
      vi.setSystemTime(now);
      await revalidate(KEY, fetcher, 60_000);
      expect(fetcher).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('logout clears private rows and keeps public ones', () => {
  it('endSession empties profile, fund log, bank cards and the rooms a session read, keeps config, articles, banners and games', async () => {
    startSession('token-1');
    await setQueryData(queryKey(ApiPath.getConfig, {}), { siteName: 'x' });
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 9 }), [{ id: 1 }]);
    await setQueryData(queryKey(ApiPath.slide, {}), [{ id: 1 }]);
    await setQueryData(queryKey(ApiPath.roomList, { roomtype: 1 }), [{ id: 1 }]);
    await setQueryData(queryKey(ApiPath.gameList, {}), [{ id: 15 }]);
    await setQueryData(queryKey(ApiPath.userInfo, {}), { nickname: 'demo' });
    await setQueryData(windowedKey(ApiPath.financeFlow), [{ id: 1 }]);
    await setQueryData(queryKey(ApiPath.bankCardList, {}), [{ id: 1 }]);

    await endSession();

    expect(getMember()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    const kept = (await db.cache.toArray()).map((row) => row.key).sort();
    expect(kept).toEqual(
      [
        queryKey(ApiPath.getConfig, {}),
        queryKey(ApiPath.oneClassArticle, { type: 9 }),
        queryKey(ApiPath.slide, {}),
        queryKey(ApiPath.gameList, {}),
      ]
        .map(hashKey)
        .sort(),
    );
  });

  it("another session's member rows are not read, even if they were not cleared", async () => {
    startSession('token-1');
    await setQueryData(queryKey(ApiPath.userInfo, {}), { nickname: 'first' });
    expect((await getQueryData(queryKey(ApiPath.userInfo, {})))?.data).toEqual({ nickname: 'first' });
    startSession('token-2');
    expect(await getQueryData(queryKey(ApiPath.userInfo, {}))).toBeUndefined();
    // Public rows are everyone's.
    await setQueryData(KEY, { siteName: 'x' });
    startSession('token-1');
    expect((await getQueryData(KEY))?.data).toEqual({ siteName: 'x' });
  });

  it('an answer that arrives after logout is not written back', async () => {
    startSession('token-1');
    const answer = deferred<{ nickname: string }>();
    const pending = revalidate(queryKey(ApiPath.userInfo, {}), () => answer.promise);
    await endSession();
    answer.resolve({ nickname: 'late' });
    await pending;
    expect(await getQueryData(queryKey(ApiPath.userInfo, {}))).toBeUndefined();
  });
});
