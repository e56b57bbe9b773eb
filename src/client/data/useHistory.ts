import { useCallback, useEffect, useState } from 'react';
import { useQuery as useTanstackQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { OfflineError, useSession } from '../api';
import { isBrowserOnline, isOnline, useOnline } from '../api/online';
import type { CallPath } from './key';
import { appQueries } from './stores';
import { clockNow } from './clock';
import type { HistorySync } from './db';
import type { Synced, SyncStatus } from './sync';

/** Rows drawn at first, and added each time the end of the list comes near. */
export const HISTORY_ROWS_SHOWN = 50;

/**
 * A member's history kept as records in a Dexie table (the fund log, the order history): how its
 * rows are read, synced and paged. `Filter` is what the screen chose (a range, a kind, a game).
 */
export interface HistorySource<Row, Filter> {
  /** The call whose changes (an invalidation of its prefix: a write, the member's stream) sync the table again. */
  path: CallPath;
  /** The filter as text: paging state belongs to one filter. */
  keyOf: (filter: Filter) => string;
  /** The member's stored rows of the filter, newest first, at most `limit`. */
  read: (owner: string, filter: Filter, limit: number) => Promise<Row[]>;
  /** What the table holds whole of the member's history, undefined before the first sync. */
  syncState: (owner: string) => Promise<HistorySync | undefined>;
  /** The newest rows into the table. */
  sync: (owner: string, now: number) => Promise<unknown>;
  /** Whether the table holds every row of the filter. */
  holdsWhole: (sync: HistorySync | undefined, filter: Filter) => boolean;
  /** The next page older than the table holds whole (before `before`, or the oldest held), into the table. */
  fetchOlder: (
    owner: string,
    filter: Filter,
    before: number | undefined,
  ) => Promise<{ oldestId: number | undefined; complete: boolean }>;
}

/**
 * A history as a read (sync.ts's Synced): `data` is the stored rows of the filter, newest first, as
 * many as are drawn (undefined until the table is read, and while nothing of the member's history
 * was ever stored); fresh once this visit's sync came back.
 */
export interface History<Row> extends Synced<Row[]> {
  /** Draws more of the stored rows, or, past them, asks the server for the next older page. */
  loadMore: () => Promise<void>;
  /** Nothing older matches: every row of the filter is drawn. */
  complete: boolean;
  more: { loading: boolean; error: unknown };
}

interface Paging {
  key: string;
  /** How many rows are drawn. */
  shown: number;
  /** Paging older than the table holds whole: where the next page starts, and whether it ended. */
  older: { before: number | undefined; complete: boolean } | null;
  more: { loading: boolean; error: unknown };
}

const IDLE = { loading: false, error: null } as const;

const firstPaging = (key: string): Paging => ({ key, shown: HISTORY_ROWS_SHOWN, older: null, more: IDLE });

/**
 * A member's history, read from its Dexie table with dexie-react-hooks' useLiveQuery: a filter reads
 * the rows stored on the device, online or not, and every row stored (by this screen's sync, a page,
 * another tab) redraws it. The newest rows are synced on entry, when the network comes back and
 * when a change touches the history's call (a write, the member's stream).
 */
export function useHistory<Row, Filter>(
  source: HistorySource<Row, Filter>,
  filter: Filter,
  options: { enabled?: boolean } = {},
): History<Row> {
  const enabled = options.enabled ?? true;
  const owner = useSession().member ?? '';
  const online = useOnline();
  const key = source.keyOf(filter);
  // Paging state belongs to one filter: a new filter starts from its newest rows, nothing loading.
  const [paging, setPaging] = useState<Paging>(() => firstPaging(key));
  const current = paging.key === key ? paging : firstPaging(key);
  const { shown, more } = current;
  const olderHere = current.older;
  const update = useCallback(
    (change: (paging: Paging) => Partial<Paging>) =>
      setPaging((previous) => {
        const base = previous.key === key ? previous : firstPaging(key);
        return { ...base, ...change(base) };
      }),
    [key],
  );
  // The rows and what the table holds whole, read together so they always agree: one row past
  // those drawn says whether the table holds more; `sync` is null when nothing was synced yet.
  const table = useLiveQuery(
    async () =>
      owner
        ? { rows: await source.read(owner, filter, shown + 1), sync: (await source.syncState(owner)) ?? null }
        : { rows: [], sync: null },
    // The filter is read through its key.
    [source, owner, key, shown],
  );
  const read = table?.rows;
  const sync = table?.sync ?? undefined;

  // The newest rows, synced as a query of its own: on entry, when the network (or the server) is
  // back, and when a change invalidates the history's call.
  const synced = useTanstackQuery({
    queryKey: [source.path, { sync: owner }] as readonly unknown[],
    queryFn: async () => {
      if (!isOnline()) throw new OfflineError();
      await source.sync(owner, clockNow());
      return clockNow();
    },
    enabled: enabled && owner !== '',
    persister: appQueries.fromNetwork,
  });
  const { refetch } = synced;
  const refresh = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);

  const whole = source.holdsWhole(sync, filter);
  const localMore = read !== undefined && read.length > shown;
  const complete = read !== undefined && !localMore && (whole || olderHere?.complete === true);
  const drawn = read?.length ?? 0;

  /** The next page older than the table holds whole, into the table. */
  const fetchOlder = useCallback(
    async (before: number | undefined) => {
      try {
        const page = await source.fetchOlder(owner, filter, before);
        // Drawn in full, the list takes the page's rows on; short of that, they fill it first.
        update((paging) => ({
          older: { before: page.oldestId, complete: page.complete },
          shown: drawn >= paging.shown ? paging.shown + HISTORY_ROWS_SHOWN : paging.shown,
          more: IDLE,
        }));
      } catch (error) {
        update(() => ({ more: { loading: false, error } }));
      }
    },
    // The filter is read through its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source, key, owner, drawn, update],
  );

  const loadMore = useCallback(async () => {
    if (localMore) {
      update((paging) => ({ shown: paging.shown + HISTORY_ROWS_SHOWN }));
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

  // A filter the table does not hold whole, with none of its rows stored: its first page is asked
  // at once (its state is set when the answer comes, so the screen shows loading meanwhile).
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
  // No row stored of a filter not known to be empty is not "no rows": it is unknown until asked.
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
