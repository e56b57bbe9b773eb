import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { WITHDRAW_ARRIVAL_HOURS } from '../../../shared/constants';
import { ErrorCode, MessageKey, refuse } from '../../../shared/errors';
import { formatMoney, formatUsd, sanitizeAmountInput, toCents, toUsd } from '../../../shared/money';
import { validateWithdraw } from '../../../shared/validation/wallet';
import { ApiPath } from '../../api';
import { isBrowserOnline, refreshProfile, useBrowserOnline, useProfile, useQuery, useWrite } from '../../data';
import { messageOf, textOfCode } from '../../i18n';
import {
  FormError,
  Icon,
  Page,
  Spinner,
  StaleBadge,
  SubmitButton,
  TextField,
  confirmDialog,
  navigate,
  toast,
  useScreenActive,
} from '../../ui';
import { cardSummary, cardTypeName } from './cards';
import { bankCardsQuery, failureText, leftMoneyQuery, loadWithdrawEntry, refreshLeftMoney } from './walletApi';
import './wallet.css';

/**
 * Withdraw (/withdraw). On entry the saved accounts, the withdrawable amount and the profile are
 * fetched afresh; a member with no account is offered the bank list, one without a withdrawal
 * password the page that sets it (SPEC.md section 4). Every rule of SPEC.md section 5 is checked
 * before anything is sent; the server's refusals (1033, 1064, the daily maximum...) are toasted in
 * its words by the API client.
 */
export default function WithdrawPage() {
  const { t, i18n } = useLingui();
  const active = useScreenActive();
  const cards = useQuery(bankCardsQuery);
  const left = useQuery(leftMoneyQuery);
  const profile = useProfile();

  const [chosenId, setChosenId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [pwd, setPwd] = useState('');
  const [done, setDone] = useState<string | null>(null);
  // A retry of the same withdrawal after no answer carries the same key: it is never made twice.
  const { send, busy, error, setError } = useWrite(ApiPath.withdraw, {
    idempotent: true,
    noAnswerText: t`No answer from the server. Submit again to retry; the withdrawal is never made twice.`,
  });

  const list = cards.data ?? [];
  // A lone account is chosen for the member; with several, they pick one.
  const chosen = list.find((card) => card.id === chosenId) ?? (list.length === 1 ? list[0] : null);
  const leftMoney = left.data;
  const leftCents = leftMoney ? (toCents(leftMoney.leftmoney) ?? Math.round(leftMoney.leftmoney * 100)) : 0;
  const turnover = leftMoney && leftMoney.turnoverRemaining > 0 ? formatUsd(leftMoney.turnoverRemaining) : null;
  const hours = WITHDRAW_ARRIVAL_HOURS;
  const online = useBrowserOnline();
  // Offline the stale badge and the offline banner say enough; online, say what failed.
  const leftFailure = left.error && online ? failureText(left.error) : null;
  const cardsFailure = cards.error && online ? failureText(cards.error) : null;

  // Page entry (each time the kept-alive page is shown): fresh facts, then the dialogs.
  useEffect(() => {
    if (!active) return;
    let live = true;
    void (async () => {
      const facts = await loadWithdrawEntry();
      if (!live) return;
      if (facts.cards && facts.cards.length === 0) {
        const toList = await confirmDialog({
          title: t`No withdrawal account`,
          message: t`Add a bank account or a USDT address first, then come back to withdraw.`,
          confirmLabel: t`Add account`,
          cancelLabel: t`Not now`,
        });
        if (!live) return;
        if (toList) {
          navigate('/banklist');
          return;
        }
      }
      const noPassword = facts.left?.hasPayPassword === false || facts.profile?.noPassword2 === 1;
      if (noPassword) {
        const toPassword = await confirmDialog({
          title: t`No withdrawal password`,
          message: t`Set a withdrawal password to protect your withdrawals.`,
          confirmLabel: t`Set password`,
          cancelLabel: t`Not now`,
        });
        if (live && toPassword) navigate('/usercipherpassword');
      }
    })();
    return () => {
      live = false;
    };
    // Runs on entry only; the texts are read once per entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  function fillAll() {
    setAmount((leftCents / 100).toFixed(2));
    setDone(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setDone(null);
    if (!isBrowserOnline()) {
      setError(messageOf(refuse(MessageKey.Offline)));
      return;
    }
    const result = validateWithdraw({ amount, bankId: chosen?.id ?? null, pwd, leftMoney: leftCents });
    // With turnover still owed, "over the withdrawable amount" has a truer reason: 1064.
    const owesTurnover = leftMoney !== undefined && leftMoney.turnoverRemaining > 0;
    if ('refusal' in result) {
      setError(
        owesTurnover && result.refusal.code === ErrorCode.WithdrawOverLimit
          ? textOfCode(ErrorCode.InsufficientTurnover)
          : messageOf(result.refusal),
      );
      return;
    }
    if (owesTurnover) {
      setError(textOfCode(ErrorCode.InsufficientTurnover));
      return;
    }
    const outcome = await send({ bank_id: chosen!.id, money: toUsd(result.cents), pwd });
    if (!outcome.ok) {
      // Refused (toasted in the server's words): what can be withdrawn may have changed.
      if (outcome.refused) void refreshLeftMoney();
      return;
    }
    if (outcome.data !== 1) {
      setError(textOfCode(ErrorCode.UnknownError));
      return;
    }
    const money = formatMoney(result.cents);
    setDone(t`Withdrawal of ${money} USD requested. It arrives within ${hours} hours.`);
    toast.success(t`Withdrawal requested`);
    setAmount('');
    setPwd('');
    void refreshProfile();
    void refreshLeftMoney();
  }

  const leftText = leftMoney ? formatUsd(leftMoney.leftmoney) : '—';
  const balance = profile.data ? formatUsd(profile.data.money) : null;

  return (
    <Page title={t`Withdraw`} backTo="/user" className="wallet-page">
      <section className="withdraw-summary card" aria-label={t`Withdrawable amount`}>
        <p className="wallet-muted">{t`Withdrawable now (USD)`}</p>
        <p className="figure withdraw-left" data-testid="withdraw-left">
          {left.isLoading && !leftMoney ? <Spinner /> : leftText}
        </p>
        {balance !== null && <p className="wallet-muted">{t`Balance: ${balance} USD`}</p>}
        <StaleBadge status={left.status} updatedAt={left.updatedAt} validating={left.isValidating} />
        {!leftMoney && leftFailure && (
          <p className="wallet-inline-error" role="alert">
            {leftFailure}{' '}
            <button type="button" className="wallet-link-btn" onClick={() => void left.refresh()}>
              {t`Try again`}
            </button>
          </p>
        )}
        {turnover && (
          <p className="withdraw-turnover" data-testid="withdraw-turnover">
            {t`Turnover still needed before withdrawing: ${turnover} USD`}
          </p>
        )}
      </section>

      {done && (
        <div className="withdraw-success card" role="status" data-testid="withdraw-success">
          <Icon name="check" size={22} />
          <p>{done}</p>
        </div>
      )}

      <form className="form card" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
        <fieldset className="withdraw-accounts">
          <legend className="field-label">{t`Withdraw to`}</legend>
          {list.length > 0 ? (
            <div className="withdraw-account-list">
              {list.map((card) => (
                <label
                  key={card.id}
                  className={`withdraw-account${chosen?.id === card.id ? ' is-selected' : ''}`}
                  data-testid="withdraw-account"
                >
                  <input
                    type="radio"
                    name="bank_id"
                    value={card.id}
                    checked={chosen?.id === card.id}
                    onChange={() => {
                      setChosenId(card.id);
                      setError(null);
                    }}
                  />
                  <span className="withdraw-account-text">
                    <span className="withdraw-account-type">{cardTypeName(i18n, card.type)}</span>
                    <span className="withdraw-account-summary">{cardSummary(card)}</span>
                  </span>
                </label>
              ))}
            </div>
          ) : cards.isLoading ? (
            <Spinner label={t`Loading`} />
          ) : cards.data ? (
            <p className="wallet-muted">{t`No saved account yet.`}</p>
          ) : (
            <p className="wallet-inline-error" role="alert">
              {cardsFailure ?? t`Your accounts will appear once the app can reach the server.`}{' '}
              <button type="button" className="wallet-link-btn" onClick={() => void cards.refresh()}>
                {t`Try again`}
              </button>
            </p>
          )}
          <Link href="/banklist" className="withdraw-manage">
            {list.length > 0 || !cards.data ? t`Manage accounts` : t`Add an account`}
          </Link>
        </fieldset>

        <TextField
          label={t`Amount (USD)`}
          name="money"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amount}
          hint={leftMoney ? t`Up to ${leftText} USD.` : undefined}
          onChange={(event) => {
            setAmount(sanitizeAmountInput(event.target.value));
            setDone(null);
          }}
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
        <TextField
          label={t`Withdrawal password`}
          name="pwd"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pwd}
          onChange={(event) => setPwd(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Withdraw`}</SubmitButton>
        <p className="wallet-muted wallet-note">
          {t`Withdrawals arrive within ${hours} hours. The number of withdrawals per day is limited.`}
        </p>
      </form>
    </Page>
  );
}
