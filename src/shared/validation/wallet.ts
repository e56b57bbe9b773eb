/** Wallet rules (SPEC.md section 5): withdrawal, finance transfer, date range (accounts: bankCard.ts). */
import { FINANCE_TRANSFER_MAX_USD, FINANCE_TRANSFER_MIN_USD } from '../constants';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../errors';
import { MAX_WITHDRAWAL_CENTS, toCents, type Cents } from '../money';

export interface WithdrawInput {
  /** The amount as typed (commas allowed, stripped here). */
  amount: string;
  bankId: number | null;
  pwd: string;
  leftMoney: Cents;
}

/** Returns the amount in cents when the input passes. */
export function validateWithdraw(input: WithdrawInput): { refusal: Refusal } | { cents: Cents } {
  const cents = toCents(input.amount.replace(/,/g, ''));
  if (cents === null || cents <= 0 || cents > MAX_WITHDRAWAL_CENTS) return { refusal: refuse(ErrorCode.WrongAmount) };
  if (cents > input.leftMoney) return { refusal: refuse(ErrorCode.WithdrawOverLimit) };
  if (input.bankId === null) return { refusal: refuse(ErrorCode.SelectWithdrawMethod) };
  if (input.pwd === '') return { refusal: refuse(ErrorCode.WithdrawPasswordEmpty) };
  return { cents };
}

export function validateFinanceTransfer(amount: string): Refusal | null {
  const cents = toCents(amount.replace(/,/g, '') || '0');
  if (cents === null || cents === 0) return refuse(MessageKey.AmountEmpty);
  if (cents < FINANCE_TRANSFER_MIN_USD * 100 || cents > FINANCE_TRANSFER_MAX_USD * 100) {
    return refuse(MessageKey.TransferRange, { min: FINANCE_TRANSFER_MIN_USD, max: FINANCE_TRANSFER_MAX_USD });
  }
  return null;
}

/** Dates as YYYY-MM-DD; the start cannot be later than the end. */
export function validateDateRange(start: string, end: string): Refusal | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(start) || !day.test(end)) return refuse(ErrorCode.IncompleteParameters);
  if (start > end) return refuse(MessageKey.DateRange);
  return null;
}
