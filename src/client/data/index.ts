export { queryKey, windowedKey } from './key';
export { defineQuery, prefetch, useQuery, type Query } from './query';
export { revalidate, readCached, writeCached, type Synced } from './sync';
export { useOnline, useBrowserOnline, isOnline, isBrowserOnline } from '../api/online';
export {
  useConfig,
  useProfile,
  useLeftMoney,
  useWithdrawals,
  withdrawalsQuery,
  usePlayLimits,
  refreshPlayLimits,
  refreshProfile,
  refreshConfig,
  profileQuery,
  leftMoneyQuery,
} from './resources';
export { endSession, logout } from './session';
export { useWrite } from './useWrite';
export { useLiveRead } from './useLiveRead';
export {
  useWindowedQuery,
  fetchNewestWindow,
  type Window,
  type WindowedQuery,
  type WindowedRead,
} from './useWindowedQuery';
