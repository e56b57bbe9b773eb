import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { WITHDRAW_ARRIVAL_HOURS } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { amountText, toUsd, wireCents } from '../../../shared/money';
import { validateWithdraw } from '../../../shared/validation/wallet';
import type { BankCard } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useBrowserOnline, useLeftMoney, useProfile, useQuery, useWrite } from '../../data';
import { messageOf, textOfCode, formatMoney } from '../../i18n';
import { toast, useFieldErrors, useScreenActive } from '../../ui';
import { failureText } from '../../i18n';
import { clockNow } from '../../data/clock';
import { isDefective } from './cards';
import { bankCardsQuery } from './walletApi';

/** The fields a refusal of the withdraw form's rules can be about. */
type WithdrawField = 'account' | 'amount' | 'pwd';

/**
 * A typed withdrawal password that is never kept for later: not when the member leaves the page
 * (it stays alive in the background), nor when the browser keeps it in its back/forward cache.
 */
function useUnkeptPassword(): [string, (value: string) => void] {
  const [pwd, setPwd] = useState('');
  const active = useScreenActive();
  useEffect(() => {
    if (active) return () => setPwd('');
  }, [active]);
  useEffect(() => {
    const forget = () => setPwd('');
    window.addEventListener('pagehide', forget);
    return () => window.removeEventListener('pagehide', forget);
  }, []);
  return [pwd, setPwd];
}

/**
 * The first rule a withdrawal breaks and the field it is about (SPEC.md section 5), or the cents to
 * send. With turnover still owed, "over the withdrawable amount" has a truer reason: 1064. A new
 * account still in its hold (the server refuses it with 3007) is said in the device's own time.
 */
function checkWithdrawal(
  form: { amount: string; pwd: string; chosen: BankCard | null },
  leftMoney: { leftmoney: number; turnoverRemaining: number } | undefined,
  isHeld: (card: BankCard) => boolean,
): { field: WithdrawField; text: string } | { cents: number } {
  const { chosen } = form;
  const { amount, pwd } = form;
  const result = validateWithdraw({
    amount,
    pwd,
    bankId: chosen?.id ?? null,
    leftMoney: wireCents(leftMoney?.leftmoney),
  });
  const owesTurnover = leftMoney !== undefined && leftMoney.turnoverRemaining > 0;
  if ('refusal' in result) {
    const { code } = result.refusal;
    if (code === ErrorCode.SelectWithdrawMethod) return { field: 'account', text: messageOf(result.refusal) };
    if (code === ErrorCode.WithdrawPasswordEmpty) return { field: 'pwd', text: messageOf(result.refusal) };
    const overTurnover = owesTurnover && code === ErrorCode.WithdrawOverLimit;
    return {
      field: 'amount',
      text: overTurnover ? textOfCode(ErrorCode.InsufficientTurnover) : messageOf(result.refusal),
    };
  }
  if (owesTurnover) return { field: 'amount', text: textOfCode(ErrorCode.InsufficientTurnover) };
  if (chosen && isHeld(chosen)) {
    return { field: 'account', text: textOfCode(ErrorCode.AccountOnHold, { time: { epochMs: chosen.availableAt } }) };
  }
  return { cents: result.cents };
}

/**
 * The withdraw form's data and actions: the saved accounts and the one chosen, what can be
 * withdrawn, the amount and password typed, and the submit. Every rule of SPEC.md section 5 is
 * checked before anything is sent.
 */
export function useWithdrawForm() {
  const { t } = useLingui();
  const cards = useQuery(bankCardsQuery);
  const left = useLeftMoney();
  const profile = useProfile();

  const [chosenId, setChosenId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [pwd, setPwd] = useUnkeptPassword();
  const fields = useFieldErrors<WithdrawField>();
  const [done, setDone] = useState<string | null>(null);
  // A retry of the same withdrawal after no answer carries the same key: it is never made twice.
  const { send, refusal, busy, error, setError } = useWrite(ApiPath.withdraw, {
    noAnswerText: t`No answer from the server. Submit again to retry; the withdrawal is never made twice.`,
  });

  const list = cards.data ?? [];
  /** A saved account still in the hold of a new one (an answer cached before the hold was known has no time). */
  const isHeld = (card: BankCard) => card.availableAt > clockNow();
  // A lone account that can receive a withdrawal is chosen for the member; with several, they pick
  // one. An address that fails its checksum cannot be chosen (it is listed, saying why).
  const usable = list.filter((card) => !isDefective(card));
  const chosen = usable.find((card) => card.id === chosenId) ?? (usable.length === 1 ? usable[0] : null);
  const leftMoney = left.data;
  const leftCents = wireCents(leftMoney?.leftmoney);
  const online = useBrowserOnline();
  // Offline the stale badge and the offline banner say enough; online, say what failed.
  const leftFailure = left.error && online ? failureText(left.error) : null;
  const cardsFailure = cards.error && online ? failureText(cards.error) : null;

  function fillAll() {
    setAmount(amountText(leftCents));
    setDone(null);
  }

  /** A refusal of the form's rules, said under the field it is about (not a toast, not the form's foot). */
  function refuseAt(field: WithdrawField, text: string) {
    setError(null);
    fields.refuseAt(field, text);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setDone(null);
    fields.clear();
    const offline = refusal();
    if (offline !== null) return setError(offline);
    const checked = checkWithdrawal({ amount, pwd, chosen }, leftMoney, isHeld);
    if ('field' in checked) return refuseAt(checked.field, checked.text);
    const outcome = await send({ bank_id: chosen!.id, money: toUsd(checked.cents), pwd });
    // Refused (toasted in the server's words) or not answered: the write layer reads again what it may have changed.
    if (!outcome.ok) return;
    if (outcome.data !== 1) {
      setError(textOfCode(ErrorCode.UnknownError));
      return;
    }
    const money = formatMoney(checked.cents);
    const hours = WITHDRAW_ARRIVAL_HOURS;
    setDone(t`Withdrawal of ${money} USD requested. It arrives within ${hours} hours.`);
    toast.success(t`Withdrawal requested`);
    setAmount('');
    setPwd('');
  }

  return {
    cards,
    left,
    list,
    chosen,
    choose: (id: number) => {
      setChosenId(id);
      setError(null);
      fields.forget('account');
    },
    leftMoney,
    leftCents,
    profile,
    isHeld,
    leftFailure,
    cardsFailure,
    amount,
    typeAmount: (value: string) => {
      setAmount(value);
      setDone(null);
      fields.forget('amount');
    },
    fillAll,
    pwd,
    setPwd: (value: string) => {
      setPwd(value);
      fields.forget('pwd');
    },
    errorOf: fields.errorOf,
    done,
    busy,
    error,
    onSubmit,
  };
}
