/**
 * The rules of a withdrawal account (SPEC.md section 5, Add bank card), on the add form, on the
 * server when it is added, and on an account saved before the address checks existed. Kept apart
 * from the other wallet rules (and out of validation/index.ts): the address checksums bring their
 * codecs, which only the pages that show or add accounts load.
 */
import { ErrorCode, refuse, type Refusal } from '../errors';
import type { AddBankCardRequest, BankCard } from '../api/types';
import { checkAddress } from './addresses';
import { validatePlainText } from './text';

/** The add-card form is the request itself, its withdrawal password perhaps not typed yet. */
export type BankCardInput = Omit<AddBankCardRequest, 'pwd'> & { pwd?: string };

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/**
 * A USDT address of the account's network: 1065 when empty or not shaped like one, 3011 (naming the
 * network) when shaped like one but failing its checksum.
 */
export function validateAddress(
  type: Exclude<BankCardInput['type'], 'Bank'>,
  address: string | undefined,
): Refusal | null {
  if (blank(address)) return refuse(ErrorCode.EnterAddress);
  const verdict = checkAddress(type, address!.trim());
  if (verdict === 'format') return refuse(ErrorCode.EnterAddress);
  if (verdict === 'checksum') return refuse(ErrorCode.AddressChecksum, { network: type });
  return null;
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
  } else if (input.type === 'USDT-TRC20' || input.type === 'USDT-ERC20') {
    const refusal = validateAddress(input.type, input.address);
    if (refusal) return refusal;
  } else {
    return refuse(ErrorCode.IncompleteParameters);
  }
  if (input.pwd === undefined || input.pwd === '') return refuse(ErrorCode.WithdrawPasswordEmpty);
  return null;
}

/**
 * Why a saved account cannot receive a withdrawal whatever its age, or null: an address saved before
 * the checksums were checked that fails them now. It stays listed (the member sees it and why) but
 * no money is sent to it (docs/decisions.md).
 */
export function savedAccountDefect(card: Pick<BankCard, 'type' | 'address'>): Refusal | null {
  if (card.type === 'Bank') return null;
  return validateAddress(card.type, card.address);
}
