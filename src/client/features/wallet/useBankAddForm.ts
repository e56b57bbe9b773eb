import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AddBankCardRequest, BankCardType } from '../../../shared/api/types';
import { NEW_ACCOUNT_HOLD_HOURS } from '../../../shared/constants';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../../../shared/errors';
import { isPlainText } from '../../../shared/validation';
import { validateBankCard } from '../../../shared/validation/bankCard';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { goBack, toast, useFieldErrors, useScreenActive } from '../../ui';
import { isBankType } from './cards';
import { refreshBankCards } from './walletApi';
import { pathTo } from '../../routing/paths';

export type Fields = Required<Omit<AddBankCardRequest, 'type'>>;
export type FieldName = keyof Fields;

const EMPTY: Fields = { bank: '', account: '', username: '', branch: '', address: '', pwd: '' };
const BANK_FIELDS: readonly FieldName[] = ['bank', 'account', 'username', 'branch'];

/** The request for the chosen type: only its own fields, trimmed, and the withdrawal password as typed. */
function requestOf(type: BankCardType, fields: Fields): AddBankCardRequest {
  if (isBankType(type)) {
    return {
      type,
      bank: fields.bank.trim(),
      account: fields.account.trim(),
      username: fields.username.trim(),
      branch: fields.branch.trim(),
      pwd: fields.pwd,
    };
  }
  return { type, address: fields.address.trim(), pwd: fields.pwd };
}

/**
 * Where a refusal of the account's rules is said, and in which words: the withdrawal password left
 * empty; a bank account's first field holding control characters or left blank (the shared rule
 * answers 1001 for either), else the wallet address with the rule's own refusal.
 */
function refusalAt(type: BankCardType, fields: Fields, refusal: Refusal): { field: FieldName; refusal: Refusal } {
  if (refusal.code === ErrorCode.WithdrawPasswordEmpty) return { field: 'pwd', refusal };
  if (!isBankType(type)) return { field: 'address', refusal };
  const unsafe = BANK_FIELDS.find((name) => !isPlainText(fields[name]));
  if (unsafe) return { field: unsafe, refusal: refuse(MessageKey.PlainText) };
  const blank = BANK_FIELDS.find((name) => fields[name].trim() === '');
  return { field: blank ?? 'bank', refusal: blank ? refuse(MessageKey.Required) : refusal };
}

/**
 * The add-account form: the type, every field (kept across a change of type and a refusal), the
 * last check's refusal under its field, and two steps: the form's submit checks it and shows the
 * account back in full (`review`), and only its confirmation sends it; "Edit" goes back with every
 * field as typed.
 */
export function useBankAddForm() {
  const { t } = useLingui();
  const hours = NEW_ACCOUNT_HOLD_HOURS;
  const [type, setType] = useState<BankCardType>('Bank');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const check = useFieldErrors<FieldName>();
  const { send, busy, error, setError } = useWrite(ApiPath.addBankCard);
  /** The account as it will be saved, shown back for confirmation; null while the form is edited. */
  const [review, setReview] = useState<AddBankCardRequest | null>(null);
  // A typed withdrawal password is never kept for later: not when the member leaves the page (it
  // stays alive in the background), nor when the browser keeps it in its back/forward cache.
  const active = useScreenActive();
  useEffect(() => {
    if (active)
      return () => {
        setFields((current) => ({ ...current, pwd: '' }));
        setReview(null);
      };
  }, [active]);
  useEffect(() => {
    const forget = () => {
      setFields((current) => ({ ...current, pwd: '' }));
      setReview(null);
    };
    window.addEventListener('pagehide', forget);
    return () => window.removeEventListener('pagehide', forget);
  }, []);

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    check.forget(name);
  };

  /** The form's submit: the rules, then the account shown back for confirmation (nothing sent yet). */
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = requestOf(type, fields);
    const refusal = validateBankCard(request);
    setError(null);
    check.clear();
    if (refusal) {
      const at = refusalAt(type, fields, refusal);
      return check.refuseAt(at.field, messageOf(at.refusal));
    }
    setReview(request);
  }

  /** Back to the form from the confirmation, every field as typed. */
  function onEdit() {
    setError(null);
    setReview(null);
  }

  /** The confirmation: the account is saved as shown. */
  async function onConfirm() {
    if (!review || busy) return;
    // Refused or unanswered, what was typed stays for another try (back in the form if refused).
    const result = await send(review);
    if (!result.ok) {
      if (result.refused) setReview(null);
      return;
    }
    toast.success(t`Account added. Withdrawals to it are possible in ${hours} hours.`);
    setFields(EMPTY);
    setReview(null);
    await refreshBankCards();
    goBack(pathTo('bankList'));
  }

  function chooseType(option: BankCardType) {
    setType(option);
    setError(null);
    check.clear();
  }

  return { type, chooseType, fields, set, errorOf: check.errorOf, busy, error, onSubmit, review, onEdit, onConfirm };
}
