import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { PLAY_LIMIT_KINDS, PLAY_PERIODS, type PlayLimit } from '../../../shared/api/types';
import { sanitizeAmountInput } from '../../../shared/money';
import { validatePlayLimit, type PlayLimitKind, type PlayPeriod } from '../../../shared/play';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { formatDateTime, formatUsd, messageOf } from '../../i18n';
import { FormError, SelectField, SubmitButton, TextField, toast, useFieldErrors } from '../../ui';
import { KIND_NAMES, PERIOD_NAMES } from './playNames';

/**
 * Sets one limit. A lower one applies at once; a higher one, or none, 24 hours later (the server
 * decides, and the answer says when): the form says so before and after.
 */
export function LimitForm({ limits }: { limits: readonly PlayLimit[] }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const [period, setPeriod] = useState<PlayPeriod>('day');
  const [kind, setKind] = useState<PlayLimitKind>('stake');
  const [amount, setAmount] = useState('');
  const { errorOf, refuseAt, forget, clear } = useFieldErrors<'amount'>();
  const { send, busy, error } = useWrite(ApiPath.setPlayLimit);
  const current = limits.find((limit) => limit.period === period && limit.kind === kind);
  const now = current && current.money > 0 ? `${formatUsd(current.money)} USD` : t`no limit`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clear();
    const verdict = validatePlayLimit(amount);
    if ('refusal' in verdict) {
      refuseAt('amount', messageOf(verdict.refusal));
      return;
    }
    const result = await send({ period, kind, money: amount });
    if (!result.ok) return;
    const next = result.data.next;
    toast.success(next ? t`Saved: the new limit applies from ${formatDateTime(next.at)}` : t`Limit saved`);
    setAmount('');
    await result.changed;
  }

  return (
    <form className="form card limit-form" onSubmit={onSubmit} noValidate aria-labelledby="limit-form-title">
      <h2 id="limit-form-title" className="limit-form-title">
        {t`Set a limit`}
      </h2>
      <SelectField label={t`Period`} value={period} onChange={(event) => setPeriod(event.target.value as PlayPeriod)}>
        {PLAY_PERIODS.map((value) => (
          <option key={value} value={value}>
            {_(PERIOD_NAMES[value])}
          </option>
        ))}
      </SelectField>
      <SelectField label={t`Limit on`} value={kind} onChange={(event) => setKind(event.target.value as PlayLimitKind)}>
        {PLAY_LIMIT_KINDS.map((value) => (
          <option key={value} value={value}>
            {_(KIND_NAMES[value])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Limit (USD)`}
        name="limit"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errorOf('amount')}
        hint={t`Now: ${now}. A lower limit applies at once; a higher one, or none (leave it empty or 0), after 24 hours.`}
        onChange={(event) => {
          forget('amount');
          setAmount(sanitizeAmountInput(event.target.value));
        }}
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>{t`Save limit`}</SubmitButton>
    </form>
  );
}
