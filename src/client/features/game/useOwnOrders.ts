import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OwnOrderItem } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { liveQuery, queryKey } from '../../data';
import { fetchOwnOrders } from './gameApi';

export interface OwnOrdersState {
  orders: OwnOrderItem[] | null;
  loading: boolean;
  error: unknown;
  reload: () => Promise<void>;
}

/**
 * The member's own orders of a round, read while the sheet is open and again after each change (a
 * reload during a request starts anew, so the list after a cancel is the newer one).
 */
export function useOwnOrders(roomid: number, seqno: string | null, enabled: boolean): OwnOrdersState {
  const read = useQuery(
    liveQuery({
      key: queryKey(ApiPath.vorder, { roomid, gameseq: seqno ?? '' }),
      fetch: () => fetchOwnOrders(roomid, seqno ?? ''),
      enabled: enabled && seqno !== null,
    }),
  );
  const { refetch } = read;
  const reload = useCallback(
    () => (seqno === null ? Promise.resolve() : refetch().then(() => undefined)),
    [refetch, seqno],
  );
  return {
    orders: read.data ?? null,
    loading: read.isFetching,
    error: read.error,
    reload,
  };
}
