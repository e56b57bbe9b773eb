import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BANK_CARD_TYPES, type AddBankCardRequest, type BankCardType } from '../../../shared/api/types';
import { validateBankCard } from '../../../shared/validation/wallet';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';
import { cardTypeName, isBankType } from './cards';
import { refreshBankCards } from './walletApi';
import './wallet.css';

type Fields = Required<Omit<AddBankCardRequest, 'type'>>;
type FieldName = keyof Fields;

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
 * Add a withdrawal account (/bankadd): a bank (bank, account, real name, branch) or a USDT address
 * checked for its network's format. Every field keeps what was typed, across a change of type and
 * across a refusal; submit is locked while the request runs.
 */
export default function BankAddPage() {
  const { t, i18n } = useLingui();
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
    goBack('/banklist');
  }

  const addressHint =
    type === 'USDT-TRC20'
      ? t`A TRON (TRC20) address: starts with T, 34 characters.`
      : t`An Ethereum (ERC20) address: starts with 0x, then 40 hexadecimal characters.`;

  return (
    <Page title={t`Add account`} backTo="/banklist" className="wallet-page">
      <form className="form card" onSubmit={onSubmit} noValidate data-testid="bank-add-form">
        <fieldset className="wallet-segmented">
          <legend className="field-label">{t`Account type`}</legend>
          <div className="wallet-segmented-options">
            {BANK_CARD_TYPES.map((option) => (
              <label key={option} className={`wallet-segment${option === type ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="type"
                  value={option}
                  checked={option === type}
                  onChange={() => {
                    setType(option);
                    setError(null);
                    setInvalid([]);
                  }}
                />
                <span>{cardTypeName(i18n, option)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {isBankType(type) ? (
          <>
            <TextField
              label={t`Bank`}
              name="bank"
              autoComplete="off"
              value={fields.bank}
              aria-invalid={invalid.includes('bank') || undefined}
              onChange={set('bank')}
            />
            <TextField
              label={t`Account number`}
              name="account"
              inputMode="numeric"
              autoComplete="off"
              value={fields.account}
              aria-invalid={invalid.includes('account') || undefined}
              onChange={set('account')}
            />
            <TextField
              label={t`Real name`}
              name="username"
              autoComplete="name"
              hint={t`As it is written on the bank account.`}
              value={fields.username}
              aria-invalid={invalid.includes('username') || undefined}
              onChange={set('username')}
            />
            <TextField
              label={t`Branch`}
              name="branch"
              autoComplete="off"
              hint={t`Branch name or BSB.`}
              value={fields.branch}
              aria-invalid={invalid.includes('branch') || undefined}
              onChange={set('branch')}
            />
          </>
        ) : (
          <TextField
            label={t`Wallet address`}
            name="address"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="input wallet-mono-input"
            hint={addressHint}
            value={fields.address}
            aria-invalid={invalid.includes('address') || undefined}
            onChange={set('address')}
          />
        )}

        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Save account`}</SubmitButton>
      </form>
    </Page>
  );
}
