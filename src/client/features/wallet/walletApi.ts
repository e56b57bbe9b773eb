/** The wallet's calls of the contract (SPEC.md section 7), typed, and the keys they are cached under. */
import { api, ApiPath } from '../../api';
import {
  defineQuery,
  leftMoneyQuery,
  profileQuery,
  readCached,
  refreshProfile,
  revalidate,
  type Query,
} from '../../data';
import { clockNow } from '../../data/clock';
import type { BankCard, FinanceFlowRequest, FundLogEntry, LeftMoneyAnswer, UserInfo } from '../../../shared/api/types';

/**
 * Reads are silent: a screen shows what failed next to what it concerns (or a stale badge), and a
 * background revalidation never raises a toast on its own. Both are the member's own rows.
 */
export const bankCardsQuery: Query<BankCard[]> = defineQuery(ApiPath.bankCardList, {});

export function fetchFundLog(request: FinanceFlowRequest): Promise<FundLogEntry[]> {
  return api.call(ApiPath.financeFlow, request, { silent: true });
}

export function refreshBankCards(): Promise<void> {
  return revalidate(bankCardsQuery.key, bankCardsQuery.fetch);
}

export function refreshLeftMoney(): Promise<void> {
  return revalidate(leftMoneyQuery.key, leftMoneyQuery.fetch);
}

/**
 * Revalidates a key and returns what the server answered in this very call, or undefined when it
 * did not answer (offline, refused, no network): a decision such as "this member has no saved
 * account" is only taken on a confirmed answer, never on an old cached one. The sync layer may
 * share a request already in flight, so success is read from the row's write time.
 */
async function confirmedRead<T>(
  query: Query<T>,
  run = () => revalidate(query.key, query.fetch),
): Promise<T | undefined> {
  const since = clockNow();
  await run();
  const row = await readCached<T>(query.key);
  return row && row.updatedAt >= since ? row.data : undefined;
}

export interface WithdrawEntryFacts {
  cards: BankCard[] | undefined;
  left: LeftMoneyAnswer | undefined;
  profile: UserInfo | undefined;
}

/** What the withdraw page needs to know on entry, each fetched afresh (SPEC.md section 4). */
export async function loadWithdrawEntry(): Promise<WithdrawEntryFacts> {
  const [cards, left, profile] = await Promise.all([
    confirmedRead(bankCardsQuery),
    confirmedRead(leftMoneyQuery),
    confirmedRead<UserInfo>(profileQuery, refreshProfile),
  ]);
  return { cards, left, profile };
}
