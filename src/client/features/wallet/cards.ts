/** How a saved withdrawal account is named on screen (bank list, withdraw chooser). */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { BankCard, BankCardType } from '../../../shared/api/types';

const BANK_LABEL = msg({ message: 'Bank account', context: 'withdrawal account type' });

/** USDT network names are the same in every language; only "Bank" is translated. */
export function cardTypeName(i18n: I18n, type: BankCardType): string {
  return type === 'Bank' ? i18n._(BANK_LABEL) : type;
}

export function isBankType(type: BankCardType): boolean {
  return type === 'Bank';
}

/** One line that tells accounts apart: bank and account number, or the wallet address. */
export function cardSummary(card: BankCard): string {
  return isBankType(card.type) ? [card.bank, card.account].filter(Boolean).join(' · ') : card.address;
}
