import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { PLAY_LIMIT_KINDS, PLAY_PERIODS, type PlayLimit } from '../../../shared/api/types';
import { sanitizeAmountInput } from '../../../shared/money';
import { validatePlayLimit, type PlayLimitKind, type PlayPeriod } from '../../../shared/play';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { formatDateTime, formatUsd, messageOf } from '../../i18n';
import { FormError, SelectField, SubmitButton, TextField, toast } from '../../ui';
import { useRefusingForm, type FieldRefusal } from '../../ui/form';
import { KIND_NAMES, PERIOD_NAMES } from './playNames';

interface LimitValues {
  period: PlayPeriod;
  kind: PlayLimitKind;
  limit: string;
}

function checkLimit(values: LimitValues): FieldRefusal<LimitValues> {
  const verdict = validatePlayLimit(values.limit);
  return 'refusal' in verdict ? { field: 'limit', text: messageOf(verdict.refusal) } : null;
}

/**
 * Sets one limit. A lower one applies at once; a higher one, or none, 24 hours later (the server
 * decides, and the answer says when): the form says so before and after.
 */
export function LimitForm({ limits }: { limits: readonly PlayLimit[] }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const write = useWrite(ApiPath.setPlayLimit);
  const form = useRefusingForm<LimitValues>({
    defaultValues: { period: 'day', kind: 'stake', limit: '' },
    check: checkLimit,
    write,
  });
  const { field, errorOf } = form;
  const [period, kind] = form.watch(['period', 'kind']);
  const current = limits.find((limit) => limit.period === period && limit.kind === kind);
  const now = current && current.money > 0 ? `${formatUsd(current.money)} USD` : t`no limit`;

  const onSubmit = form.submit(async (values) => {
    const result = await write.send({ period: values.period, kind: values.kind, money: values.limit });
    if (!result.ok) return;
    const next = result.data.next;
    toast.success(next ? t`Saved: the new limit applies from ${formatDateTime(next.at)}` : t`Limit saved`);
    form.setValue('limit', '');
    await result.changed;
  });

  return (
    <form className="form card limit-form" onSubmit={onSubmit} noValidate aria-labelledby="limit-form-title">
      <h2 id="limit-form-title" className="limit-form-title">
        {t`Set a limit`}
      </h2>
      <SelectField label={t`Period`} {...field('period')}>
        {PLAY_PERIODS.map((value) => (
          <option key={value} value={value}>
            {_(PERIOD_NAMES[value])}
          </option>
        ))}
      </SelectField>
      <SelectField label={t`Limit on`} {...field('kind')}>
        {PLAY_LIMIT_KINDS.map((value) => (
          <option key={value} value={value}>
            {_(KIND_NAMES[value])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Limit (USD)`}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('limit')}
        hint={t`Now: ${now}. A lower limit applies at once; a higher one, or none (leave it empty or 0), after 24 hours.`}
        {...field('limit', {
          onChange: (event: { target: { value: string } }) =>
            form.setValue('limit', sanitizeAmountInput(event.target.value)),
        })}
      />
      <FormError message={write.error} />
      <SubmitButton busy={write.busy}>{t`Save limit`}</SubmitButton>
    </form>
  );
}
