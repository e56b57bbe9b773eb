/**
 * The turnover rule (issue 5): before a withdrawal, the member's stakes since their last deposit
 * must reach the operator's multiple of that deposit (default 1x). Stakes are the order lines that
 * are settled: a line still waiting may be cancelled and its stake returned, so it counts once its
 * round is settled (docs/decisions.md). A member who never had a deposit owes nothing.
 *
 * What is withdrawable (`leftmoney`) is the shared rule (src/shared/withdrawable.ts): the balance,
 * or 0 while turnover is still owed (the app refuses with 1064 and shows turnoverRemaining).
 */
import type { LeftMoneyAnswer } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import { withdrawable } from '../../../shared/withdrawable';
import type { Db, Member } from '../../db/schema';
import { lastFundLogOfReason, stakesOfOrdersAfter } from '../../repositories/fundFlow';
import { pendingWithdrawalCents } from '../../repositories/withdrawals';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { readWalletSettings } from './walletSettings';

/** How orders' stakes are referenced in the fund log (domain/game/orders.ts). */
export const ORDER_STAKE = { reason: FundReason.Stake, refType: 'order' } as const;

/** Cents of stakes still needed; 0 when the rule is met, off, or there was no deposit. */
export async function turnoverRemainingCents(db: Db, memberId: number, multipleHundredths: number): Promise<number> {
  if (multipleHundredths === 0) return 0;
  const deposit = await lastFundLogOfReason(db, memberId, FundReason.OperatorDeposit);
  if (!deposit) return 0;
  const required = Math.ceil((deposit.amount_cents * multipleHundredths) / 100);
  const staked = await stakesOfOrdersAfter(db, memberId, deposit.id, ORDER_STAKE);
  return Math.max(0, required - staked);
}

export async function leftMoney(deps: Deps, member: Member): Promise<LeftMoneyAnswer> {
  const settings = await readWalletSettings(deps.db);
  const remaining = await turnoverRemainingCents(deps.db, member.id, settings.turnoverHundredths);
  const { withdrawableCents } = withdrawable({ balanceCents: member.money_cents, turnoverRemainingCents: remaining });
  return {
    leftmoney: toUsd(withdrawableCents),
    turnoverRemaining: toUsd(remaining),
    pendingWithdrawals: toUsd(await pendingWithdrawalCents(deps.db, member.id)),
    hasPayPassword: member.pay_password_hash !== null,
  };
}
