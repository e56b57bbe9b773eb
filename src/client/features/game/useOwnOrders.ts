import type { OwnOrderItem } from '../../../shared/api/types';
import { useLiveRead } from '../../data';
import { fetchOwnOrders } from './gameApi';

export interface OwnOrdersState {
  orders: OwnOrderItem[] | null;
  loading: boolean;
  error: unknown;
  reload: () => Promise<void>;
}

/**
 * The member's own orders of the current round, loaded while the sheet is open and after each
 * change (a reload during a request starts anew, so the list after a cancel is the newer one).
 */
export function useOwnOrders(roomid: number, seqno: string | null, enabled: boolean): OwnOrdersState {
  const read = useLiveRead<OwnOrderItem[]>({
    scope: `${roomid}:${seqno ?? ''}`,
    fetch: () => fetchOwnOrders(roomid, seqno ?? ''),
    enabled: enabled && seqno !== null,
    whileBusy: 'restart',
  });
  return {
    orders: read.data ?? null,
    loading: read.pending,
    error: read.error,
    reload: seqno === null ? noReload : read.reload,
  };
}

const noReload = (): Promise<void> => Promise.resolve();
