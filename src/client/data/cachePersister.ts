import { experimental_createQueryPersister, type PersistedQuery } from '@tanstack/query-persist-client-core';
import { persistsAnswer } from '../../shared/api/calls';
import type { CacheRow } from './db';
import { isMemberKey, type QueryKey } from './key';

/** The persister's storage keys are `q-<the key as stored>`. */
const PREFIX = 'q';
const rowKeyOf = (storageKey: string) => storageKey.slice(PREFIX.length + 1);

/** What the query client tells the persister: whose rows are current, and the table's rows. */
export interface CachePersisterPolicy {
  now: () => number;
  owner: () => string;
  /** This session's row of a key; none when it is another member's or cannot be read. */
  read: (rowKey: string) => Promise<CacheRow | undefined>;
  write: (row: CacheRow) => Promise<void>;
  remove: (rowKey: string) => Promise<void>;
}

export type CachePersister = ReturnType<typeof createCachePersister>;

/**
 * TanStack's per-query persister over the Dexie cache table (loaded with it, off the first
 * screen's path), in the row format the table has had since version 5, so no stored row moves.
 */
export function createCachePersister(policy: CachePersisterPolicy) {
  return experimental_createQueryPersister<CacheRow>({
    prefix: PREFIX,
    // Rows leave by age and count (eviction.ts), not by the persister's clock.
    maxAge: Infinity,
    // Restoring is followed by a refetch of our own (below), whose failure is handled.
    refetchOnRestore: false,
    filters: { predicate: (query) => persistsAnswer((query.queryKey as QueryKey)[0]) },
    serialize: (persisted: PersistedQuery): CacheRow => ({
      key: persisted.queryHash,
      data: persisted.state.data,
      updatedAt: persisted.state.dataUpdatedAt,
      readAt: policy.now(),
      owner: isMemberKey(persisted.queryKey as QueryKey) ? policy.owner() : '',
    }),
    deserialize: (row: CacheRow): PersistedQuery => ({
      buster: '',
      queryHash: row.key,
      queryKey: [],
      state: {
        data: row.data,
        dataUpdatedAt: row.updatedAt,
        dataUpdateCount: 0,
        error: null,
        errorUpdatedAt: 0,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    }),
    storage: {
      getItem: (storageKey) => policy.read(rowKeyOf(storageKey)),
      setItem: (_storageKey, row) => policy.write(row),
      removeItem: (storageKey) => policy.remove(rowKeyOf(storageKey)),
    },
  });
}
