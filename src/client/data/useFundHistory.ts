import { useCallback, useEffect, useState } from 'react';
import { useQuery as useTanstackQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiPath } from '../../shared/api/paths';
import { api, OfflineError, useSession } from '../api';
import { isBrowserOnline, isOnline, useOnline } from '../api/online';
import { appQueries } from './stores';
import { clockNow } from './clock';
import { db, type StoredFundRow } from './db';
import {
  fetchOlderFundRows,
  holdsWhole,
  oldestStoredId,
  readFundRows,
  syncFundHistory,
  type DayRange,
  type FetchFundPage,
} from './fundHistory';
import { ownerOf } from './owner';
import type { Synced, SyncStatus } from './sync';

/** Rows drawn at first, and added each time the end of the list comes near. */
export const FUND_ROWS_SHOWN = 50;

export interface FundFilter extends DayRange {
  /** The reasons shown (FUND_REASONS codes); null for every row. */
  reasons: readonly string[] | null;
}

/**
 * The fund log as a read (sync.ts's Synced): `data` is the stored rows of the filter, newest
 * first, as many as are drawn (undefined until the table is read, and while nothing of the
 * member's fund log was ever stored); fresh once this visit's sync came back.
 */
export interface FundHistory extends Synced<StoredFundRow[]> {
  /** Draws more of the stored rows, or, past them, asks the server for the next older page. */
  loadMore: () => Promise<void>;
  /** Nothing older matches: every row of the filter is drawn. */
  complete: boolean;
  more: { loading: boolean; error: unknown };
}

const fetchPage: FetchFundPage = (request) => api.call(ApiPath.financeFlow, request, { silent: true });

interface Paging {
  key: string;
  /** How many rows are drawn. */
  shown: number;
  /** Paging a range older than the table holds whole: where the next page starts, and whether it ended. */
  older: { before: number | undefined; complete: boolean } | null;
  more: { loading: boolean; error: unknown };
}

const IDLE = { loading: false, error: null } as const;

const filterKey = (filter: FundFilter) => `${filter.start} ${filter.end} ${filter.reasons?.join(',') ?? '*'}`;

/**
 * The member's fund log, read from its Dexie table with dexie-react-hooks' useLiveQuery: a filter
 * by date and reason reads the rows stored on the device, online or not, and every row stored (by
 * this screen's sync, a page, another tab) redraws it. The newest rows are synced on entry, when
 * the network comes back and when a change touches the fund log (a write, the member's stream).
 */
export function useFundHistory(filter: FundFilter, options: { enabled?: boolean } = {}): FundHistory {
  const enabled = options.enabled ?? true;
  const owner = ownerOf(useSession().token);
  const online = useOnline();
  const key = filterKey(filter);
  // Paging state belongs to one filter: a new filter starts from its newest rows, nothing loading.
  const [paging, setPaging] = useState<Paging>({ key, shown: FUND_ROWS_SHOWN, older: null, more: IDLE });
  const current = paging.key === key ? paging : { key, shown: FUND_ROWS_SHOWN, older: null, more: IDLE };
  const { shown, more } = current;
  const olderHere = current.older;
  const update = useCallback(
    (change: (paging: Paging) => Partial<Paging>) =>
      setPaging((previous) => {
        const base = previous.key === key ? previous : { key, shown: FUND_ROWS_SHOWN, older: null, more: IDLE };
        return { ...base, ...change(base) };
      }),
    [key],
  );
  const { start, end, reasons } = filter;
  // The rows and what the table holds whole, read together so they always agree: one row past
  // those drawn says whether the table holds more; `sync` is null when nothing was synced yet.
  const table = useLiveQuery(
    async () =>
      owner
        ? {
            rows: await readFundRows(db, owner, { start, end }, reasons, shown + 1),
            sync: (await db.fundLogSync.get(owner)) ?? null,
          }
        : { rows: [], sync: null },
    [owner, key, shown],
  );
  const read = table?.rows;
  const sync = table?.sync ?? undefined;

  // The newest rows, synced as a query of its own: on entry, when the network (or the server) is
  // back, and when a change invalidates the fund log (a write accepted, the member's stream).
  const synced = useTanstackQuery({
    queryKey: [ApiPath.financeFlow, { sync: owner }] as readonly unknown[],
    queryFn: async () => {
      if (!isOnline()) throw new OfflineError();
      await syncFundHistory(db, owner, fetchPage, clockNow());
      return clockNow();
    },
    enabled: enabled && owner !== '',
    persister: appQueries.fromNetwork,
  });
  const { refetch } = synced;
  const refresh = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);

  const whole = holdsWhole(sync, filter);
  const localMore = read !== undefined && read.length > shown;
  const complete = read !== undefined && !localMore && (whole || olderHere?.complete === true);

  const coveredFrom = sync?.coveredFrom ?? 0;
  const drawn = read?.length ?? 0;

  /** The next page of a range older than the table holds whole, into the table. */
  const fetchOlder = useCallback(
    async (before: number | undefined) => {
      try {
        const range = { start, end };
        const from = before ?? (await oldestStoredId(db, owner, range, coveredFrom));
        const page = await fetchOlderFundRows(db, owner, range, from, fetchPage);
        // Drawn in full, the list takes the page's rows on; short of that, they fill it first.
        update((paging) => ({
          older: { before: page.oldestId, complete: page.complete },
          shown: drawn >= paging.shown ? paging.shown + FUND_ROWS_SHOWN : paging.shown,
          more: IDLE,
        }));
      } catch (error) {
        update(() => ({ more: { loading: false, error } }));
      }
    },
    [start, end, owner, coveredFrom, drawn, update],
  );

  const loadMore = useCallback(async () => {
    if (localMore) {
      update((paging) => ({ shown: paging.shown + FUND_ROWS_SHOWN }));
      return;
    }
    if (complete || more.loading || !owner) return;
    if (!isBrowserOnline()) {
      update(() => ({ more: { loading: false, error: new OfflineError() } }));
      return;
    }
    update(() => ({ more: { loading: true, error: null } }));
    await fetchOlder(olderHere?.before);
  }, [localMore, complete, more.loading, owner, olderHere, fetchOlder, update]);

  // A range the table does not hold whole, with none of its rows stored: its first page is asked at
  // once (its state is set when the answer comes, so the screen shows loading meanwhile).
  const askFirst =
    sync !== undefined && read !== undefined && read.length === 0 && !whole && !olderHere && online && enabled;
  const askingFirst = askFirst && !more.error;
  useEffect(() => {
    if (askingFirst) void fetchOlder(undefined);
  }, [askingFirst, fetchOlder]);

  const rows = read?.slice(0, shown);
  const stored = sync !== undefined || (rows?.length ?? 0) > 0;
  const pending = synced.isFetching;
  const untried = synced.status === 'pending' && !pending && online && enabled;
  const status: SyncStatus = !stored ? 'empty' : online && synced.status === 'success' ? 'fresh' : 'stale';
  // No row stored of a range not known to be empty is not "no rows": it is unknown until asked.
  const known = stored && rows !== undefined && (rows.length > 0 || complete);
  return {
    data: known ? rows : undefined,
    status,
    updatedAt: sync?.syncedAt ?? null,
    error: synced.status === 'error' ? synced.error : null,
    isLoading:
      read === undefined ||
      (!stored && (pending || untried)) ||
      (rows?.length === 0 && !complete && (askingFirst || more.loading)),
    isValidating: pending || untried,
    refresh,
    loadMore,
    complete,
    more,
  };
}
