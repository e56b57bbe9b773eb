export { queryKey } from './key';
export { defineQuery, fetchQuery, useQuery, type Query } from './query';
export { invalidate, type Synced } from './sync';
export { CHANGED_BY_DRAW } from './changes';
export { useOnline, useBrowserOnline, isBrowserOnline } from '../api/online';
export {
  useConfig,
  useProfile,
  useLeftMoney,
  useWithdrawals,
  usePlayLimits,
  useActivePause,
  profileQuery,
  leftMoneyQuery,
  withdrawalsQuery,
} from './resources';
export { logout } from './session';
export { useMessageReads, markMessagesRead } from './messageReads';
export { useWrite, WriteVoiceContext, type WriteVoice } from './useWrite';
export { liveQuery } from './liveQuery';
