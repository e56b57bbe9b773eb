import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { BANK_CARD_TYPES, type AddBankCardRequest, type BankCardType } from '../../../shared/api/types';
import { NEW_ACCOUNT_HOLD_HOURS } from '../../../shared/constants';
import { useProfile } from '../../data';
import { FormError, Page, Spinner, SubmitButton, TextField } from '../../ui';
import { cardTypeName, isBankType } from './cards';
import { useBankAddForm } from './useBankAddForm';
import { pathTo } from '../../routing/paths';
import { WithdrawPasswordField } from './WithdrawPasswordField';
import './wallet.css';

/**
 * Add a withdrawal account (/bankadd): a bank (bank, account, real name, branch) or a USDT address
 * checked for its network's format and checksum, with the withdrawal password (a member without one
 * is sent to set it first). The account is then shown back in full, the one page that shows it
 * whole, and saved only once the member confirms it. Every field keeps what was typed, across a
 * change of type, a refusal and "Edit"; saving is locked while the request runs.
 */
export default function BankAddPage() {
  const { t } = useLingui();
  const profile = useProfile();
  const bankAdd = useBankAddForm();
  const { form, type, typeField, busy, error, onSubmit, review, onEdit, onConfirm } = bankAdd;
  const { field, errorOf } = form;
  const hours = NEW_ACCOUNT_HOLD_HOURS;

  // An account is added with the withdrawal password: a member without one sets it first.
  if (profile.data?.noPassword2 === 1) {
    return (
      <Page title={t`Add account`} backTo={pathTo('bankList')} className="wallet-page">
        <section className="card wallet-needs-password" data-testid="bank-add-needs-password">
          <p>{t`Adding a withdrawal account asks for your withdrawal password. Set one first, then come back.`}</p>
          <Link href={pathTo('payPassword')} className="btn btn-primary btn-block">
            {t`Set withdrawal password`}
          </Link>
        </section>
      </Page>
    );
  }

  if (review) {
    return (
      <Page title={t`Add account`} backTo={pathTo('bankList')} className="wallet-page">
        <AccountReview account={review} busy={busy} error={error} onEdit={onEdit} onConfirm={onConfirm} />
      </Page>
    );
  }

  const addressHint =
    type === 'USDT-TRC20'
      ? t`A TRON (TRC20) address: starts with T, 34 characters.`
      : t`An Ethereum (ERC20) address: starts with 0x, then 40 hexadecimal characters.`;

  return (
    <Page title={t`Add account`} backTo={pathTo('bankList')} className="wallet-page">
      <form className="form card" onSubmit={onSubmit} noValidate data-testid="bank-add-form">
        <AccountTypeChoice type={type} input={typeField} />

        {isBankType(type) ? (
          <BankFields form={form} />
        ) : (
          <TextField
            label={t`Wallet address`}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="input wallet-mono-input"
            hint={addressHint}
            error={errorOf('address')}
            {...field('address')}
          />
        )}

        <WithdrawPasswordField input={field('pwd')} error={errorOf('pwd')} />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Continue`}</SubmitButton>
        <p className="text-muted wallet-note">
          {t`A new account can receive withdrawals ${hours} hours after it is added. You will get a message about it.`}
        </p>
      </form>
    </Page>
  );
}

/**
 * The account shown back before it is saved: its type and every field in full, as money will be
 * sent to it, with the way back to the form and the confirmation.
 */
function AccountReview({
  account,
  busy,
  error,
  onEdit,
  onConfirm,
}: {
  account: AddBankCardRequest;
  busy: boolean;
  error: string | null;
  onEdit: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const rows: [string, string, string][] = isBankType(account.type)
    ? [
        [t`Real name`, account.username ?? '', 'username'],
        [t`Bank`, account.bank ?? '', 'bank'],
        [t`Account number`, account.account ?? '', 'account'],
        [t`Branch`, account.branch ?? '', 'branch'],
      ]
    : [[t`Wallet address`, account.address ?? '', 'address']];
  return (
    <section className="card wallet-review" aria-labelledby="bank-review-title" data-testid="bank-add-review">
      <h2 id="bank-review-title" className="section-title">
        {t`Check the account before saving it`}
      </h2>
      <dl className="bank-card-fields wallet-review-fields">
        <div>
          <dt>{t`Account type`}</dt>
          <dd data-testid="review-type">{cardTypeName(i18n, account.type)}</dd>
        </div>
        {rows.map(([label, value, name]) => (
          <div key={name}>
            <dt>{label}</dt>
            <dd className={name === 'address' ? 'wallet-mono' : undefined} data-testid={`review-${name}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-muted wallet-note">
        {t`Withdrawals are sent to exactly this account. Compare it with your bank or wallet, character by character.`}
      </p>
      <FormError message={error} />
      <div className="wallet-review-actions">
        <button type="button" className="btn btn-secondary" onClick={onEdit} disabled={busy}>
          {t`Edit`}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void onConfirm()}
          disabled={busy}
          aria-busy={busy}
          data-testid="bank-add-confirm"
        >
          {busy ? <Spinner /> : t`Save account`}
        </button>
      </div>
    </section>
  );
}

/** Bank, or a USDT address on one of two networks. */
function AccountTypeChoice({ type, input }: { type: BankCardType; input: UseFormRegisterReturn }) {
  const { t, i18n } = useLingui();
  return (
    <fieldset className="wallet-segmented">
      <legend className="field-label">{t`Account type`}</legend>
      <div className="wallet-segmented-options">
        {BANK_CARD_TYPES.map((option) => (
          <label key={option} className={`wallet-segment${option === type ? ' is-selected' : ''}`}>
            <input type="radio" value={option} {...input} />
            <span>{cardTypeName(i18n, option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The four fields of a bank account. */
function BankFields({ form }: { form: ReturnType<typeof useBankAddForm>['form'] }) {
  const { t } = useLingui();
  const { field, errorOf } = form;
  return (
    <>
      <TextField label={t`Bank`} autoComplete="off" error={errorOf('bank')} {...field('bank')} />
      <TextField
        label={t`Account number`}
        inputMode="numeric"
        autoComplete="off"
        error={errorOf('account')}
        {...field('account')}
      />
      <TextField
        label={t`Real name`}
        autoComplete="name"
        hint={t`As it is written on the bank account.`}
        error={errorOf('username')}
        {...field('username')}
      />
      <TextField
        label={t`Branch`}
        autoComplete="off"
        hint={t`The branch that holds the account, as on your bank statement.`}
        error={errorOf('branch')}
        {...field('branch')}
      />
    </>
  );
}
