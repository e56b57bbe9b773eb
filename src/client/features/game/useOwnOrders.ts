import { useCallback, useEffect, useRef, useState } from 'react';
import type { OwnOrderItem } from '../../../shared/api/types';
import { fetchOwnOrders } from './gameApi';

export interface OwnOrdersState {
  orders: OwnOrderItem[] | null;
  loading: boolean;
  error: unknown;
  reload: () => Promise<void>;
}

/** The member's own orders of the current round, loaded while the sheet is open and after each change. */
export function useOwnOrders(roomid: number, seqno: string | null, enabled: boolean): OwnOrdersState {
  const [state, setState] = useState<{
    seqno: string | null;
    orders: OwnOrderItem[] | null;
    loading: boolean;
    error: unknown;
  }>({ seqno: null, orders: null, loading: false, error: null });
  const ticket = useRef(0);

  const reload = useCallback(async () => {
    if (!seqno) return;
    const mine = ++ticket.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const orders = await fetchOwnOrders(roomid, seqno);
      if (mine === ticket.current) setState({ seqno, orders, loading: false, error: null });
    } catch (error) {
      if (mine === ticket.current) setState((s) => ({ ...s, loading: false, error }));
    }
  }, [roomid, seqno]);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  return {
    orders: state.seqno === seqno ? state.orders : null,
    loading: state.loading,
    error: state.error,
    reload,
  };
}
