import { ApiPath } from '../../shared/api/paths';
import { api } from '../api';
import { db, type StoredOrderRow } from './db';
import {
  fetchOlderOrderRows,
  holdsEveryOrder,
  readOrderRows,
  syncOrderHistory,
  type FetchOrderPage,
  type OrderFilter,
} from './orderHistory';
import { useHistory, type History, type HistorySource } from './useHistory';

const fetchPage: FetchOrderPage = (request) => api.call(ApiPath.gameLog, request, { silent: true });

/** The order history's table (orderHistory.ts) as a history: one game's lines, or all. */
const orderLog: HistorySource<StoredOrderRow, OrderFilter> = {
  path: ApiPath.gameLog,
  keyOf: (filter) => String(filter.gametype ?? '*'),
  read: (owner, filter, limit) => readOrderRows(db, owner, filter, limit),
  syncState: (owner) => db.orderSync.get(owner),
  sync: (owner, now) => syncOrderHistory(db, owner, fetchPage, now),
  holdsWhole: holdsEveryOrder,
  fetchOlder: (owner, filter, before) => fetchOlderOrderRows(db, owner, filter, before, fetchPage),
};

/** The member's order lines, of one game or all, from the device, synced with the server (useHistory). */
export function useOrderHistory(filter: OrderFilter, options: { enabled?: boolean } = {}): History<StoredOrderRow> {
  return useHistory(orderLog, filter, options);
}
