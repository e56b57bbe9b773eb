export { db, type CacheRow } from './db';
export { queryKey, windowedKey, type QueryKey } from './key';
export { defineQuery, useQuery, type Query } from './query';
export { useSynced, revalidate, readCached, writeCached, clearPrivateRows, type Synced, type SyncStatus } from './sync';
export { useOnline, useBrowserOnline, isOnline, isBrowserOnline } from '../api/online';
export { useConfig, useProfile, refreshProfile, refreshConfig, configQuery, profileQuery } from './resources';
export { endSession, logout } from './session';
export { useWrite, type Write, type WriteResult } from './useWrite';
export {
  useWindowedQuery,
  fetchNewestWindow,
  type Window,
  type WindowedRead,
  type WindowedQuery,
} from './useWindowedQuery';
