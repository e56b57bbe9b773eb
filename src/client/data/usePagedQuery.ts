import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useOnline } from '../api/online';
import type { QueryKey } from './key';
import { syncedOf, type Synced } from './sync';

/** A list the server pages newest first with a `before` cursor (the member's order history). */
export interface PagedRead<R> {
  /** The list's key: each filter its own, so the pages last seen of it open offline. */
  key: QueryKey;
  pageSize: number;
  /** The page of rows older than `before` (the newest page without it). */
  fetchPage: (before: number | undefined) => Promise<R[]>;
  idOf: (row: R) => number;
}

export interface PagedQuery<R> extends Synced<R[]> {
  /** True once a page came back shorter than asked: nothing older is there. */
  complete: boolean;
  /** The next older page, after the rows shown. */
  loadMore: () => Promise<void>;
  /** The last "load more": under way, or why it failed (the rows shown stay, as they were). */
  more: { loading: boolean; error: unknown };
}

/**
 * Cache-first read of a long list a page at a time: TanStack's useInfiniteQuery, whose pages
 * persist like any answer; a refresh asks again every page loaded, so what the member scrolled
 * through stays. A row that moved to the next page while paging is shown once.
 */
export function usePagedQuery<R>(read: PagedRead<R>): PagedQuery<R> {
  const online = useOnline();
  const { key, pageSize, fetchPage, idOf } = read;
  const result = useInfiniteQuery<
    R[],
    Error,
    InfiniteData<R[], number | undefined>,
    readonly unknown[],
    number | undefined
  >({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined,
    getNextPageParam: (last) => (last.length < pageSize ? null : idOf(last[last.length - 1])),
  });
  const { refetch, fetchNextPage, hasNextPage, isFetchNextPageError } = result;
  const pages = result.data?.pages;
  const rows = useMemo(() => (pages ? uniqueRows(pages, idOf) : undefined), [pages, idOf]);
  const refresh = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);
  const loadMore = useCallback(async () => {
    if (hasNextPage) await fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, hasNextPage]);
  // A page that could not be added leaves the list as it was: said beside "Load more", not as the list's failure.
  const listResult = isFetchNextPageError ? { ...result, status: 'success' as const, error: null } : result;
  const synced = syncedOf({ ...listResult, data: rows }, key, { enabled: true, online, refresh });
  return {
    ...synced,
    complete: rows !== undefined && !hasNextPage,
    loadMore,
    more: { loading: result.isFetchingNextPage, error: isFetchNextPageError ? result.error : null },
  };
}

/** The pages' rows in order, each once (a row may shift to the next page while paging). */
function uniqueRows<R>(pages: readonly R[][], idOf: (row: R) => number): R[] {
  const seen = new Set<number>();
  return pages.flat().filter((row) => !seen.has(idOf(row)) && Boolean(seen.add(idOf(row))));
}
