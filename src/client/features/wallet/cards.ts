/** How a saved withdrawal account is named on screen (bank list, withdraw chooser). */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { BankCard, BankCardType } from '../../../shared/api/types';
import { maskAccountNumber, maskAddress, maskedDestination } from '../../../shared/accountMask';
import { savedAccountDefect } from '../../../shared/validation/bankCard';

const BANK_LABEL = msg({ message: 'Bank account', context: 'withdrawal account type' });

/** USDT network names are the same in every language; only "Bank" is translated. */
export function cardTypeName(i18n: I18n, type: BankCardType): string {
  return type === 'Bank' ? i18n._(BANK_LABEL) : type;
}

export function isBankType(type: BankCardType): boolean {
  return type === 'Bank';
}

/**
 * One line that tells saved accounts apart, masked (shared/accountMask.ts): the bank and the last
 * four characters of the number, or the ends of the address. Only the add page shows them in full.
 */
export function cardSummary(card: BankCard): string {
  return maskedDestination(card);
}

/** The account number or address of a saved account, masked. */
export function maskedNumber(card: BankCard): string {
  return isBankType(card.type) ? maskAccountNumber(card.account) : maskAddress(card.address);
}

/**
 * A saved account no withdrawal can go to, whatever its age: an address saved before the checksums
 * were checked that fails them (the server refuses it with 3011). It stays listed, saying why.
 */
export function isDefective(card: BankCard): boolean {
  return savedAccountDefect(card) !== null;
}
