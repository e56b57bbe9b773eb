export { db, CACHE_TABLES, PRIVATE_TABLES, type CacheRow, type CacheTable } from './db';
export {
  useSynced,
  revalidate,
  readCached,
  writeCached,
  clearPrivateRows,
  type Synced,
  type SyncKey,
  type SyncStatus,
} from './sync';
export { useOnline, useBrowserOnline, isOnline, isBrowserOnline } from './online';
export { useConfig, useProfile, refreshProfile, refreshConfig, CONFIG_KEY, PROFILE_KEY } from './resources';
export { endSession, logout } from './session';
