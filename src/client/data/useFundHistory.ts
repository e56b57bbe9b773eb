import { ApiPath } from '../../shared/api/paths';
import type { StoredFundRow } from './db';
import { api } from '../api';
import { db } from './db';
import {
  fetchOlderFundRows,
  holdsWhole,
  oldestStoredId,
  readFundRows,
  syncFundHistory,
  type DayRange,
  type FetchFundPage,
} from './fundHistory';
import { useHistory, type History, type HistorySource } from './useHistory';

export interface FundFilter extends DayRange {
  /** The reasons shown (FUND_REASONS codes); null for every row. */
  reasons: readonly string[] | null;
}

const fetchPage: FetchFundPage = (request) => api.call(ApiPath.financeFlow, request, { silent: true });

/** The fund log's table (fundHistory.ts) as a history: filtered by a range of days and by reason. */
const fundLog: HistorySource<StoredFundRow, FundFilter> = {
  path: ApiPath.financeFlow,
  keyOf: (filter) => `${filter.start} ${filter.end} ${filter.reasons?.join(',') ?? '*'}`,
  read: (owner, filter, limit) => readFundRows(db, owner, filter, filter.reasons, limit),
  syncState: (owner) => db.fundLogSync.get(owner),
  sync: (owner, now) => syncFundHistory(db, owner, fetchPage, now),
  holdsWhole,
  fetchOlder: async (owner, filter, before) => {
    const range = { start: filter.start, end: filter.end };
    const coveredFrom = (await db.fundLogSync.get(owner))?.coveredFrom ?? 0;
    const from = before ?? (await oldestStoredId(db, owner, range, coveredFrom));
    return fetchOlderFundRows(db, owner, range, from, fetchPage);
  },
};

/** The member's fund log by date and reason, from the device, synced with the server (useHistory). */
export function useFundHistory(filter: FundFilter, options: { enabled?: boolean } = {}): History<StoredFundRow> {
  return useHistory(fundLog, filter, options);
}
