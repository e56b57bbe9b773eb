/** Wallet rules (SPEC.md section 5): bank cards, withdrawal, finance transfer, date range. */
import { FINANCE_TRANSFER_MAX_USD, FINANCE_TRANSFER_MIN_USD } from '../constants';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../errors';
import type { AddBankCardRequest, BankCardType } from '../api/types';
import { MAX_WITHDRAWAL_CENTS, toCents, type Cents } from '../money';
import { validatePlainText } from './text';

/** The add-card form is the request itself, its withdrawal password perhaps not typed yet. */
export type BankCardInput = Omit<AddBankCardRequest, 'pwd'> & { pwd?: string };

const ADDRESS_FORMAT: Record<Exclude<BankCardType, 'Bank'>, RegExp> = {
  // TRON base58check addresses: 'T' and 33 base58 characters.
  'USDT-TRC20': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  // Ethereum addresses: 0x and 40 hex digits.
  'USDT-ERC20': /^0x[0-9a-fA-F]{40}$/,
};

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** The account's own fields, then the withdrawal password that lets it be added (2057 when empty). */
export function validateBankCard(input: BankCardInput): Refusal | null {
  // Stored and shown as text (to the member and in the operator's withdrawal list): no control characters.
  const unsafe = validatePlainText(input.bank, input.account, input.username, input.branch, input.address);
  if (unsafe) return unsafe;
  if (input.type === 'Bank') {
    if (blank(input.bank) || blank(input.account) || blank(input.username) || blank(input.branch)) {
      return refuse(ErrorCode.IncompleteParameters);
    }
  } else {
    const format = ADDRESS_FORMAT[input.type];
    if (!format) return refuse(ErrorCode.IncompleteParameters);
    if (blank(input.address)) return refuse(ErrorCode.EnterAddress);
    if (!format.test(input.address!.trim())) return refuse(ErrorCode.EnterAddress);
  }
  if (input.pwd === undefined || input.pwd === '') return refuse(ErrorCode.WithdrawPasswordEmpty);
  return null;
}

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
