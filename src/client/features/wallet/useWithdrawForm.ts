import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { WITHDRAW_ARRIVAL_HOURS } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { amountText, sanitizeAmountInput, toCents, toUsd, wireCents } from '../../../shared/money';
import { validateWithdraw } from '../../../shared/validation/wallet';
import type { BankCard } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useBrowserOnline, useLeftMoney, useProfile, useQuery, useWrite } from '../../data';
import { messageOf, textOfCode, formatMoney } from '../../i18n';
import { toast } from '../../ui';
import { useRefusingForm, type FieldRefusal } from '../../ui/form';
import { failureText } from '../../i18n';
import { clockNow } from '../../data/clock';
import { isDefective } from './cards';
import { bankCardsQuery } from './walletApi';
import { useForgetOnLeave } from './useForgetOnLeave';

interface WithdrawValues {
  /** The account picked among several (a lone usable one is chosen for the member). */
  bankId: number | null;
  money: string;
  pwd: string;
}

/** What the rules read beside the values: the accounts that can receive, what can be withdrawn, an account's hold. */
interface WithdrawContext {
  usable: BankCard[];
  leftMoney: { leftmoney: number; turnoverRemaining: number } | undefined;
  isHeld: (card: BankCard) => boolean;
}

/**
 * The account a withdrawal goes to: the one picked, or a lone one that can receive (chosen for the
 * member; with several, they pick). An address that fails its checksum is not usable (it is
 * listed, saying why).
 */
function chosenAccount(usable: BankCard[], bankId: number | null): BankCard | null {
  return usable.find((card) => card.id === bankId) ?? (usable.length === 1 ? usable[0] : null);
}

/**
 * The first rule a withdrawal breaks and the field it is about (SPEC.md section 5). With turnover
 * still owed, "over the withdrawable amount" has a truer reason: 1064. A new account still in its
 * hold (the server refuses it with 3007) is said in the device's own time.
 */
function checkWithdrawal(values: WithdrawValues, context: WithdrawContext): FieldRefusal<WithdrawValues> {
  const { leftMoney, isHeld } = context;
  const chosen = chosenAccount(context.usable, values.bankId);
  const result = validateWithdraw({
    amount: values.money,
    pwd: values.pwd,
    bankId: chosen?.id ?? null,
    leftMoney: wireCents(leftMoney?.leftmoney),
  });
  const owesTurnover = leftMoney !== undefined && leftMoney.turnoverRemaining > 0;
  if ('refusal' in result) {
    const { code } = result.refusal;
    if (code === ErrorCode.SelectWithdrawMethod) return { field: 'bankId', text: messageOf(result.refusal) };
    if (code === ErrorCode.WithdrawPasswordEmpty) return { field: 'pwd', text: messageOf(result.refusal) };
    const overTurnover = owesTurnover && code === ErrorCode.WithdrawOverLimit;
    return {
      field: 'money',
      text: overTurnover ? textOfCode(ErrorCode.InsufficientTurnover) : messageOf(result.refusal),
    };
  }
  if (owesTurnover) return { field: 'money', text: textOfCode(ErrorCode.InsufficientTurnover) };
  if (chosen && isHeld(chosen)) {
    return { field: 'bankId', text: textOfCode(ErrorCode.AccountOnHold, { time: { epochMs: chosen.availableAt } }) };
  }
  return null;
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
  const [done, setDone] = useState<string | null>(null);
  // A retry of the same withdrawal after no answer carries the same key: it is never made twice.
  const write = useWrite(ApiPath.withdraw, {
    noAnswerText: t`No answer from the server. Submit again to retry; the withdrawal is never made twice.`,
  });

  const list = cards.data ?? [];
  /** A saved account still in the hold of a new one (an answer cached before the hold was known has no time). */
  const isHeld = (card: BankCard) => card.availableAt > clockNow();
  const leftMoney = left.data;
  const leftCents = wireCents(leftMoney?.leftmoney);
  const usable = list.filter((card) => !isDefective(card));
  const form = useRefusingForm<WithdrawValues, WithdrawContext>({
    defaultValues: { bankId: null, money: '', pwd: '' },
    check: checkWithdrawal,
    context: { usable, leftMoney, isHeld },
    write,
  });
  const account = useController({ name: 'bankId', control: form.control });
  const chosen = chosenAccount(usable, account.field.value);
  useForgetOnLeave(() => form.setValue('pwd', ''));

  const online = useBrowserOnline();
  // Offline the stale badge and the offline banner say enough; online, say what failed.
  const leftFailure = left.error && online ? failureText(left.error) : null;
  const cardsFailure = cards.error && online ? failureText(cards.error) : null;

  const onSubmit = form.submit(async ({ bankId, money: typed, pwd }) => {
    setDone(null);
    // The rules let it through: the amount is a valid one and an account is chosen.
    const cents = toCents(typed.replace(/,/g, ''))!;
    const outcome = await write.send({ bank_id: chosenAccount(usable, bankId)!.id, money: toUsd(cents), pwd });
    // Refused (toasted in the server's words) or not answered: the write layer reads again what it may have changed.
    if (!outcome.ok) return;
    if (outcome.data !== 1) return write.setError(textOfCode(ErrorCode.UnknownError));
    const money = formatMoney(cents);
    const hours = WITHDRAW_ARRIVAL_HOURS;
    setDone(t`Withdrawal of ${money} USD requested. It arrives within ${hours} hours.`);
    toast.success(t`Withdrawal requested`);
    // The account stays chosen for the next one; the amount and password go.
    form.reset({ bankId, money: '', pwd: '' });
  });

  return {
    cards,
    left,
    list,
    chosen,
    choose: (id: number) => {
      account.field.onChange(id);
      write.setError(null);
      form.clearErrors('bankId');
    },
    /** Where focus goes when the account is refused (the form library focuses it). */
    accountRef: account.field.ref,
    leftMoney,
    leftCents,
    profile,
    isHeld,
    leftFailure,
    cardsFailure,
    form,
    moneyField: form.field('money', {
      onChange: (event: { target: { value: string } }) => {
        form.setValue('money', sanitizeAmountInput(event.target.value));
        setDone(null);
      },
    }),
    fillAll: () => {
      form.setValue('money', amountText(leftCents));
      form.clearErrors('money');
      setDone(null);
    },
    done,
    busy: write.busy,
    error: write.error,
    onSubmit,
  };
}
