/** The wallet's calls of the contract (SPEC.md section 7), typed, and the keys they are cached under. */
import { api, ApiError, ApiPath } from '../../api';
import { readCached, refreshProfile, revalidate, PROFILE_KEY, type SyncKey } from '../../data';
import { messageOf, textOfCode } from '../../i18n';
import { ErrorCode, MessageKey, refuse } from '../../../shared/errors';
import type {
  AddBankCardRequest,
  BankCard,
  FinanceFlowRequest,
  FundLogEntry,
  LeftMoneyAnswer,
  UserInfo,
  WithdrawRequest,
} from '../../../shared/api/types';

export const BANK_CARDS_KEY: SyncKey = 'bankCards:list';
/** Private like the profile (cleared at logout), so it lives in the profile table. */
export const LEFT_MONEY_KEY: SyncKey = 'profile:leftmoney';

/**
 * Reads are silent: a screen shows what failed next to what it concerns (or a stale badge), and a
 * background revalidation never raises a toast on its own.
 */
export function fetchBankCards(): Promise<BankCard[]> {
  return api.call(ApiPath.bankCardList, {}, { silent: true }).then((list) => (Array.isArray(list) ? list : []));
}

export function fetchLeftMoney(): Promise<LeftMoneyAnswer> {
  return api.call(ApiPath.leftMoney, {}, { silent: true });
}

export function fetchFundLog(request: FinanceFlowRequest): Promise<FundLogEntry[]> {
  return api.call(ApiPath.financeFlow, request, { silent: true }).then((rows) => (Array.isArray(rows) ? rows : []));
}

/** Writes are not silent: a refusal shows the server's text as a warning toast (SPEC.md section 7). */
export function addBankCard(request: AddBankCardRequest): Promise<BankCard> {
  return api.call(ApiPath.addBankCard, request);
}

export function deleteBankCard(id: number): Promise<null> {
  return api.call(ApiPath.deleteBankCard, { id });
}

export function withdraw(request: WithdrawRequest): Promise<1> {
  return api.call(ApiPath.withdraw, request);
}

export function refreshBankCards(): Promise<void> {
  return revalidate(BANK_CARDS_KEY, fetchBankCards);
}

export function refreshLeftMoney(): Promise<void> {
  return revalidate(LEFT_MONEY_KEY, fetchLeftMoney);
}

/**
 * Revalidates a key and returns what the server answered in this very call, or undefined when it
 * did not answer (offline, refused, no network): a decision such as "this member has no saved
 * account" is only taken on a confirmed answer, never on an old cached one. The sync layer may
 * share a request already in flight, so success is read from the row's write time.
 */
async function confirmedRead<T>(key: SyncKey, run: () => Promise<void>): Promise<T | undefined> {
  const since = Date.now();
  await run();
  const row = await readCached<T>(key);
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
    confirmedRead<BankCard[]>(BANK_CARDS_KEY, () => revalidate(BANK_CARDS_KEY, fetchBankCards)),
    confirmedRead<LeftMoneyAnswer>(LEFT_MONEY_KEY, () => revalidate(LEFT_MONEY_KEY, fetchLeftMoney)),
    confirmedRead<UserInfo>(PROFILE_KEY, refreshProfile),
  ]);
  return { cards, left, profile };
}

/** The text of a failed call, in the member's language: the server's own words when it sent any. */
export function failureText(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.kind === 'offline') return messageOf(refuse(MessageKey.Offline));
    if (failure.kind === 'refused' && failure.info) return failure.info;
    return textOfCode(failure.code);
  }
  if (failure instanceof Error && failure.message === 'offline') return messageOf(refuse(MessageKey.Offline));
  return textOfCode(ErrorCode.UnknownError);
}

/** One key per attempt; see api/idempotency.ts. */
export { newIdempotencyKey } from '../../api/idempotency';
