import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AddBankCardRequest, BankCardType } from '../../../shared/api/types';
import { validateBankCard } from '../../../shared/validation/wallet';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { goBack, toast } from '../../ui';
import { isBankType } from './cards';
import { refreshBankCards } from './walletApi';
import { pathTo } from '../../routing/paths';

export type Fields = Required<Omit<AddBankCardRequest, 'type'>>;
export type FieldName = keyof Fields;

const EMPTY: Fields = { bank: '', account: '', username: '', branch: '', address: '' };
const BANK_FIELDS: readonly FieldName[] = ['bank', 'account', 'username', 'branch'];

/** The request for the chosen type: only its own fields, trimmed. */
function requestOf(type: BankCardType, fields: Fields): AddBankCardRequest {
  if (isBankType(type)) {
    return {
      type,
      bank: fields.bank.trim(),
      account: fields.account.trim(),
      username: fields.username.trim(),
      branch: fields.branch.trim(),
    };
  }
  return { type, address: fields.address.trim() };
}

/**
 * The add-account form: the type, every field (kept across a change of type and a refusal), which
 * ones the last check found wrong, and the submit.
 */
export function useBankAddForm() {
  const { t } = useLingui();
  const [type, setType] = useState<BankCardType>('Bank');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [invalid, setInvalid] = useState<readonly FieldName[]>([]);
  const { send, busy, error, setError } = useWrite(ApiPath.addBankCard);

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setInvalid((current) => current.filter((field) => field !== name));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = requestOf(type, fields);
    const refusal = validateBankCard(request);
    if (refusal) {
      setError(messageOf(refusal));
      setInvalid(isBankType(type) ? BANK_FIELDS.filter((name) => fields[name].trim() === '') : ['address']);
      return;
    }
    setInvalid([]);
    // Refused or unanswered, what was typed stays for another try.
    if (!(await send(request)).ok) return;
    toast.success(t`Account added`);
    setFields(EMPTY);
    await refreshBankCards();
    goBack(pathTo('bankList'));
  }

  function chooseType(option: BankCardType) {
    setType(option);
    setError(null);
    setInvalid([]);
  }

  return { type, chooseType, fields, set, invalid, busy, error, onSubmit };
}
