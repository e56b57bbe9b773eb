import { ApiPath } from '../../shared/api/paths';
import type { ApiAnswerOf, UserInfo } from '../../shared/api/types';
import type { CallPath, KeyPrefix, QueryKey } from './key';
import { queryKey } from './key';
import type { QueryCache } from './queryCache';

/** Every read of the member's money: the balance, what can be withdrawn, the fund log. */
const MONEY: readonly KeyPrefix[] = [[ApiPath.userInfo], [ApiPath.leftMoney], [ApiPath.financeFlow]];

/**
 * What each write changes, in one place: after a write succeeds, every cached read under these key
 * prefixes is asked again where a screen shows it (and counts as unconfirmed elsewhere). A new
 * write names what it changes here, not in the page that sends it.
 */
export const CHANGED_BY: Partial<Record<CallPath, readonly KeyPrefix[]>> = {
  [ApiPath.order]: [...MONEY, [ApiPath.gameLog], [ApiPath.todayWinLost]],
  [ApiPath.gameCancel]: [...MONEY, [ApiPath.gameLog], [ApiPath.todayWinLost]],
  [ApiPath.withdraw]: [...MONEY, [ApiPath.withdrawals]],
  [ApiPath.cancelWithdrawal]: [...MONEY, [ApiPath.withdrawals]],
  [ApiPath.addBankCard]: [[ApiPath.bankCardList], [ApiPath.addedAccounts]],
  [ApiPath.deleteBankCard]: [[ApiPath.bankCardList], [ApiPath.addedAccounts]],
  [ApiPath.changePayPassword]: [[ApiPath.userInfo]],
  [ApiPath.changeLoginPassword]: [[ApiPath.sessions]],
  [ApiPath.endOtherSessions]: [[ApiPath.sessions]],
  [ApiPath.setPlayLimit]: [[ApiPath.playLimits]],
  [ApiPath.pausePlay]: [[ApiPath.playLimits]],
  [ApiPath.setRealityCheck]: [[ApiPath.playLimits]],
};

/**
 * Writes whose answer is what a read now holds, whole: it is stored as that read's answer and
 * nothing is asked again (the read marker answers the new unread count).
 */
const ANSWER_IS_READ: Partial<Record<CallPath, QueryKey>> = {
  [ApiPath.readMessages]: queryKey(ApiPath.messageReads, {}),
};

/** News that comes without a write of the member's: a round was drawn (wins are credited). */
export const CHANGED_BY_DRAW: readonly KeyPrefix[] = [...MONEY, [ApiPath.gameLog], [ApiPath.todayWinLost]];

/**
 * A write's answer that says what a read now holds, shown at once: the order's answer carries the
 * balance after the debit (while the profile is asked again), the read marker's the new count.
 */
async function applyAnswer(cache: QueryCache, path: CallPath, answer: unknown): Promise<void> {
  if (answer === undefined) return;
  const read = ANSWER_IS_READ[path];
  if (read) return cache.setQueryData(read, answer);
  if (path !== ApiPath.order) return;
  const { money } = (answer ?? {}) as Partial<ApiAnswerOf<typeof ApiPath.order>>;
  if (typeof money !== 'number') return;
  await cache.updateQueryData<UserInfo>(queryKey(ApiPath.userInfo, {}), (profile) => ({ ...profile, money }));
}

/** After a write the server accepted: its answer into the cache, then the reads it changed asked again. */
export async function afterWrite(cache: QueryCache, path: CallPath, answer: unknown): Promise<void> {
  await applyAnswer(cache, path, answer).catch(() => undefined);
  await cache.invalidate(CHANGED_BY[path] ?? []);
}
