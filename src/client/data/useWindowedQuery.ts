import { useCallback, useRef, useState } from 'react';
import { OfflineError } from '../api/errors';
import { isBrowserOnline } from '../api/online';
import type { QueryKey } from './key';
import { getQueryData, revalidate, setQueryData, useSynced, type Synced, type UseSyncedOptions } from './sync';

/** What the cache holds of a long list: the filter it answers, the rows loaded so far, and whether that is all. */
export type Window<R, F extends object> = F & {
  /** Newest first, as the server pages them. */
  rows: R[];
  /** True once a page came back shorter than asked: nothing older matches the filter. */
  complete: boolean;
};

/** A list the server pages newest first with a `before` cursor (the fund log). */
export interface WindowedRead<R, F extends object> {
  /** One key for the list whatever the filter (key.ts windowedKey): the last window opens offline. */
  key: QueryKey;
  pageSize: number;
  fetchPage: (filter: F, before?: number) => Promise<R[]>;
  idOf: (row: R) => number;
  sameFilter: (a: F, b: F) => boolean;
}

/** Rows of a later page, minus any the list already holds (a row may shift pages while paging). */
export function appendPage<R>(rows: readonly R[], page: readonly R[], idOf: (row: R) => number): R[] {
  const seen = new Set(rows.map(idOf));
  return [...rows, ...page.filter((row) => !seen.has(idOf(row)))];
}

/**
 * The newest page of a filter. When the cached window has the same filter and the new page reaches
 * into rows already loaded, the older loaded pages are kept, so a refresh does not throw away what
 * the member scrolled through; with a gap between them, the older rows are dropped.
 */
export async function fetchNewestWindow<R, F extends object>(
  read: WindowedRead<R, F>,
  filter: F,
): Promise<Window<R, F>> {
  const page = await read.fetchPage(filter);
  const complete = page.length < read.pageSize;
  const previous = (await getQueryData<Window<R, F>>(read.key))?.data;
  const fresh = { ...filter, rows: page, complete } as Window<R, F>;
  if (complete || !previous || !read.sameFilter(previous, filter) || page.length === 0) return fresh;
  const oldest = read.idOf(page[page.length - 1]);
  const at = previous.rows.findIndex((row) => read.idOf(row) === oldest);
  if (at === -1) return fresh;
  return { ...fresh, rows: appendPage(page, previous.rows.slice(at + 1), read.idOf), complete: previous.complete };
}

export interface WindowedQuery<R, F extends object> extends Synced<Window<R, F>> {
  /** Asks for the newest page of a filter now (a new filter, a retry, coming back to the page). */
  show: (filter: F) => Promise<void>;
  /** The next older page, appended to the window it continues. */
  loadMore: () => Promise<void>;
  more: { loading: boolean; error: unknown };
}

/** Cache-first read of a long list, a page at a time (DESIGN.md section 5). */
export function useWindowedQuery<R, F extends object>(
  read: WindowedRead<R, F>,
  filter: F,
  options?: UseSyncedOptions,
): WindowedQuery<R, F> {
  const synced = useSynced<Window<R, F>>(read.key, () => fetchNewestWindow(read, filter), options);
  const [more, setMore] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const loadingMore = useRef(false);

  const show = useCallback(
    async (next: F) => {
      setMore({ loading: false, error: null });
      // A revalidation already in flight may be for the previous filter: then ask again.
      let ran = false;
      const fetcher = () => {
        ran = true;
        return fetchNewestWindow(read, next);
      };
      await revalidate(read.key, fetcher);
      if (!ran) await revalidate(read.key, fetcher);
    },
    [read],
  );

  const loadMore = useCallback(async () => {
    if (loadingMore.current) return;
    const current = (await getQueryData<Window<R, F>>(read.key))?.data;
    if (!current || current.complete || current.rows.length === 0) return;
    if (!isBrowserOnline()) {
      setMore({ loading: false, error: new OfflineError() });
      return;
    }
    loadingMore.current = true;
    setMore({ loading: true, error: null });
    const oldest = read.idOf(current.rows[current.rows.length - 1]);
    try {
      const page = await read.fetchPage(current, oldest);
      // Written only onto the window it continues: a new filter or a refresh in between wins.
      const latest = await getQueryData<Window<R, F>>(read.key);
      const latestOldest = latest?.data.rows.at(-1);
      let stored: Promise<void> | null = null;
      if (latest && read.sameFilter(latest.data, current) && latestOldest && read.idOf(latestOldest) === oldest) {
        const rows = appendPage(latest.data.rows, page, read.idOf);
        stored = setQueryData(
          read.key,
          { ...latest.data, rows, complete: page.length < read.pageSize },
          latest.updatedAt,
        );
      }
      // The page is on screen: the next one may be asked without waiting for the database.
      loadingMore.current = false;
      setMore({ loading: false, error: null });
      await stored?.catch((error: unknown) => console.warn('[cache] could not store', read.key, error));
    } catch (error) {
      setMore({ loading: false, error });
    } finally {
      loadingMore.current = false;
    }
  }, [read]);

  return { ...synced, show, loadMore, more };
}
