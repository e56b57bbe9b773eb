import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AddBankCardRequest, BankCardType } from '../../../shared/api/types';
import { NEW_ACCOUNT_HOLD_HOURS } from '../../../shared/constants';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../../../shared/errors';
import { isPlainText } from '../../../shared/validation';
import { validateBankCard } from '../../../shared/validation/bankCard';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { goBack, toast } from '../../ui';
import { useRefusingForm, type FieldRefusal } from '../../ui/form';
import { isBankType } from './cards';
import { useForgetOnLeave } from './useForgetOnLeave';
import { pathTo } from '../../routing/paths';

export type Fields = Required<Omit<AddBankCardRequest, 'type'>> & { type: BankCardType };
export type FieldName = Exclude<keyof Fields, 'type'>;

const EMPTY: Fields = { type: 'Bank', bank: '', account: '', username: '', branch: '', address: '', pwd: '' };
const BANK_FIELDS: readonly FieldName[] = ['bank', 'account', 'username', 'branch'];

/** The request for the chosen type: only its own fields, trimmed, and the withdrawal password as typed. */
function requestOf(fields: Fields): AddBankCardRequest {
  const { type } = fields;
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
function refusalAt(fields: Fields, refusal: Refusal): { field: FieldName; refusal: Refusal } {
  if (refusal.code === ErrorCode.WithdrawPasswordEmpty) return { field: 'pwd', refusal };
  if (!isBankType(fields.type)) return { field: 'address', refusal };
  const unsafe = BANK_FIELDS.find((name) => !isPlainText(fields[name]));
  if (unsafe) return { field: unsafe, refusal: refuse(MessageKey.PlainText) };
  const blank = BANK_FIELDS.find((name) => fields[name].trim() === '');
  return { field: blank ?? 'bank', refusal: blank ? refuse(MessageKey.Required) : refusal };
}

function checkAccount(fields: Fields): FieldRefusal<Fields> {
  const refusal = validateBankCard(requestOf(fields));
  if (!refusal) return null;
  const at = refusalAt(fields, refusal);
  return { field: at.field, text: messageOf(at.refusal) };
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
  const write = useWrite(ApiPath.addBankCard);
  const form = useRefusingForm<Fields>({ defaultValues: EMPTY, check: checkAccount, write });
  /** The account as it will be saved, shown back for confirmation; null while the form is edited. */
  const [review, setReview] = useState<AddBankCardRequest | null>(null);
  useForgetOnLeave(() => {
    form.setValue('pwd', '');
    setReview(null);
  });

  /** The form's submit: the rules, then the account shown back for confirmation (nothing sent yet). */
  const onSubmit = form.submit((fields) => {
    write.setError(null);
    setReview(requestOf(fields));
  });

  /** Back to the form from the confirmation, every field as typed. */
  function onEdit() {
    write.setError(null);
    setReview(null);
  }

  /** The confirmation: the account is saved as shown. */
  async function onConfirm() {
    if (!review || write.busy) return;
    // Refused or unanswered, what was typed stays for another try (back in the form if refused).
    const result = await write.send(review);
    if (!result.ok) {
      if (result.refused) setReview(null);
      return;
    }
    toast.success(t`Account added. Withdrawals to it are possible in ${hours} hours.`);
    form.reset(EMPTY);
    setReview(null);
    await result.changed;
    goBack(pathTo('bankList'));
  }

  /** The type's radios: a change of type takes away what was said of the other type's fields. */
  const typeField = form.register('type', {
    onChange: () => {
      write.setError(null);
      form.clearErrors();
    },
  });

  return {
    form,
    type: form.watch('type'),
    typeField,
    busy: write.busy,
    error: write.error,
    onSubmit,
    review,
    onEdit,
    onConfirm,
  };
}
