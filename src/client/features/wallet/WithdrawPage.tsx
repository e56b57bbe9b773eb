import { useId } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import {
  FieldError,
  FormError,
  Icon,
  Page,
  Spinner,
  StaleBadge,
  SubmitButton,
  TextField,
  useScreenActive,
  WithdrawableFigure,
} from '../../ui';
import { formatDateTime, formatUsd } from '../../i18n';
import { WITHDRAW_ARRIVAL_HOURS } from '../../../shared/constants';
import { cardSummary, cardTypeName, isDefective } from './cards';
import { DefectNote } from './DefectNote';
import { useWithdrawEntry } from './useWithdrawEntry';
import { useWithdrawForm } from './useWithdrawForm';
import { pathTo } from '../../routing/paths';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawPasswordField } from './WithdrawPasswordField';
import './wallet.css';

/**
 * Withdraw (/withdraw). On entry the saved accounts, the withdrawable amount and the profile are
 * fetched afresh; a member with no account is offered the bank list, one without a withdrawal
 * password the page that sets it (SPEC.md section 4). Every rule of SPEC.md section 5 is checked
 * before anything is sent; the server's refusals (1033, 1064, the daily maximum...) are toasted in
 * its words by the API client.
 */
export default function WithdrawPage() {
  const { t } = useLingui();
  useWithdrawEntry(useScreenActive());
  const form = useWithdrawForm();
  const { leftMoney, leftCents, moneyField, fillAll, done, busy, error, onSubmit } = form;
  const { field, errorOf } = form.form;
  const leftText = leftMoney ? formatUsd(leftMoney.leftmoney) : '—';
  const hours = WITHDRAW_ARRIVAL_HOURS;

  return (
    <Page title={t`Withdraw`} backTo={pathTo('account')} className="wallet-page">
      <WithdrawSummary form={form} />

      {done && (
        <div className="withdraw-success card" role="status" data-testid="withdraw-success">
          <Icon name="check" size={22} />
          <p>{done}</p>
        </div>
      )}

      <form className="form card" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
        <AccountChoice form={form} />

        <TextField
          label={t`Amount (USD)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errorOf('money')}
          hint={leftMoney ? t`Up to ${leftText} USD.` : undefined}
          {...moneyField}
          trailing={
            <button
              type="button"
              className="btn btn-secondary field-action"
              onClick={fillAll}
              disabled={!leftMoney || leftCents <= 0}
            >
              {t`All`}
            </button>
          }
        />
        <WithdrawPasswordField input={field('pwd')} error={errorOf('pwd')} />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Withdraw`}</SubmitButton>
        <p className="text-muted wallet-note">
          {t`Withdrawals arrive within ${hours} hours. The number of withdrawals per day is limited.`}
        </p>
      </form>
      <WithdrawalList />
    </Page>
  );
}

type WithdrawForm = ReturnType<typeof useWithdrawForm>;

/** What can be withdrawn now (and what holds the rest), and the balance. */
function WithdrawSummary({ form }: { form: WithdrawForm }) {
  const { t } = useLingui();
  const { left, leftMoney, profile, leftFailure } = form;
  const balance = profile.data ? formatUsd(profile.data.money) : null;
  return (
    <section className="withdraw-summary card" aria-label={t`Withdrawable amount`}>
      <p className="text-muted">{t`Withdrawable now (USD)`}</p>
      <div className="withdraw-left">
        <WithdrawableFigure left={leftMoney} loading={left.isLoading} />
      </div>
      {balance !== null && <p className="text-muted">{t`Balance: ${balance} USD`}</p>}
      <StaleBadge status={left.status} updatedAt={left.updatedAt} validating={left.isValidating} />
      {!leftMoney && leftFailure && (
        <p className="wallet-inline-error" role="alert">
          {leftFailure}{' '}
          <button type="button" className="wallet-link-btn" onClick={() => void left.refresh()}>
            {t`Try again`}
          </button>
        </p>
      )}
    </section>
  );
}

/** The saved accounts to withdraw to, one chosen. */
function AccountChoice({ form }: { form: WithdrawForm }) {
  const { t, i18n } = useLingui();
  const { cards, list, chosen, choose, accountRef, cardsFailure, isHeld } = form;
  const errorId = useId();
  const error = form.form.errorOf('bankId');
  // The radio the form library focuses when the account is refused: the chosen one, else the first that can be.
  const focusId = chosen?.id ?? list.find((card) => !isDefective(card))?.id;
  return (
    <fieldset className="withdraw-accounts" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{t`Withdraw to`}</legend>
      {list.length > 0 ? (
        <div className="withdraw-account-list">
          {list.map((card) => {
            const defective = isDefective(card);
            return (
              <label
                key={card.id}
                className={`withdraw-account${chosen?.id === card.id ? ' is-selected' : ''}${defective ? ' is-disabled' : ''}`}
                data-testid="withdraw-account"
              >
                <input
                  ref={card.id === focusId ? accountRef : undefined}
                  type="radio"
                  name="bank_id"
                  value={card.id}
                  checked={chosen?.id === card.id}
                  disabled={defective}
                  onChange={() => choose(card.id)}
                />
                <span className="withdraw-account-text">
                  <span className="withdraw-account-type">{cardTypeName(i18n, card.type)}</span>
                  <span className="withdraw-account-summary">{cardSummary(card)}</span>
                  {defective ? <DefectNote /> : isHeld(card) && <HoldNote availableAt={card.availableAt} />}
                </span>
              </label>
            );
          })}
        </div>
      ) : cards.isLoading ? (
        <Spinner label={t`Loading`} />
      ) : cards.data ? (
        <p className="text-muted">{t`No saved account yet.`}</p>
      ) : (
        <p className="wallet-inline-error" role="alert">
          {cardsFailure ?? t`Your accounts will appear once the app can reach the server.`}{' '}
          <button type="button" className="wallet-link-btn" onClick={() => void cards.refresh()}>
            {t`Try again`}
          </button>
        </p>
      )}
      <FieldError id={errorId} error={error} />
      <Link href={pathTo('bankList')} className="withdraw-manage">
        {list.length > 0 || !cards.data ? t`Manage accounts` : t`Add an account`}
      </Link>
    </fieldset>
  );
}

/** A saved account still in the 24-hour hold of a new one: from when it can receive a withdrawal. */
function HoldNote({ availableAt }: { availableAt: number }) {
  const { t } = useLingui();
  const time = formatDateTime(availableAt);
  return (
    <span className="withdraw-account-hold" data-testid="withdraw-account-hold">
      {t`New account: withdrawals to it are possible from ${time}`}
    </span>
  );
}
