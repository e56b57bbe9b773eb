/** The wallet's calls of the contract (SPEC.md section 7), typed, and the keys they are cached under. */
import { ApiPath } from '../../api';
import { defineQuery, fetchQuery, leftMoneyQuery, profileQuery, type Query } from '../../data';
import type { BankCard, LeftMoneyAnswer, UserInfo } from '../../../shared/api/types';

/**
 * Reads are silent: a screen shows what failed next to what it concerns (or a stale badge), and a
 * background revalidation never raises a toast on its own. Both are the member's own rows.
 */
export const bankCardsQuery: Query<BankCard[]> = defineQuery(ApiPath.bankCardList, {});

export interface WithdrawEntryFacts {
  cards: BankCard[] | undefined;
  left: LeftMoneyAnswer | undefined;
  profile: UserInfo | undefined;
}

/** What the withdraw page needs to know on entry, each fetched afresh (SPEC.md section 4). */
export async function loadWithdrawEntry(): Promise<WithdrawEntryFacts> {
  const [cards, left, profile] = await Promise.all([
    fetchQuery(bankCardsQuery),
    fetchQuery(leftMoneyQuery),
    fetchQuery(profileQuery),
  ]);
  return { cards, left, profile };
}
