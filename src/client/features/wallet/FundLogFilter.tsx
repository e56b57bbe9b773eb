import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FUND_LOG_DEFAULT_DAYS } from '../../../shared/constants';
import { validateDateRange } from '../../../shared/validation/wallet';
import { messageOf } from '../../i18n';
import { FormError, SelectField, Sheet, TextField } from '../../ui';
import { defaultRange, FUND_KIND_NAMES, serverToday, type FundKind, type FundLogFilterValue } from './fundLog';

/** The words of each kind of change, as the filter offers them and the range says which one shows. */
export function useFundKindLabels(): Record<FundKind, string> {
  const { t } = useLingui();
  return {
    all: t({ message: 'All changes', context: 'fund log kind' }),
    orders: t({ message: 'Orders and cancels', context: 'fund log kind' }),
    payouts: t({ message: 'Payouts', context: 'fund log kind' }),
    withdrawals: t({ message: 'Withdrawals', context: 'fund log kind' }),
    credits: t({ message: 'Credits', context: 'fund log kind' }),
  };
}

/**
 * The filter drawer: start and end dates and the kind of change. A bottom sheet (framer-motion through LazyMotion + m; the
 * app's MotionConfig turns the slide into a fade under prefers-reduced-motion). The range is
 * checked here, so a start after the end never reaches the server.
 */
export function FundLogFilter({
  open,
  range,
  onClose,
  onApply,
}: {
  open: boolean;
  range: FundLogFilterValue;
  onClose: () => void;
  onApply: (filter: FundLogFilterValue) => void;
}) {
  const { t } = useLingui();
  return (
    <Sheet open={open} title={t`Filter`} onClose={onClose} testId="fund-log-filter">
      {/* Mounted per opening, so the fields start from the range in use. */}
      {open && <FilterForm range={range} onApply={onApply} />}
    </Sheet>
  );
}

function FilterForm({ range, onApply }: { range: FundLogFilterValue; onApply: (filter: FundLogFilterValue) => void }) {
  const { t } = useLingui();
  const kindLabels = useFundKindLabels();
  const [draft, setDraft] = useState<FundLogFilterValue>(range);
  const [error, setError] = useState<string | null>(null);
  const today = serverToday();
  const days = FUND_LOG_DEFAULT_DAYS;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refusal = validateDateRange(draft.start, draft.end);
    if (refusal) {
      setError(messageOf(refusal));
      return;
    }
    setError(null);
    onApply(draft);
  }

  return (
    <form className="form fund-filter" onSubmit={onSubmit} noValidate>
      <TextField
        label={t`Start date`}
        name="start"
        type="date"
        max={today}
        value={draft.start}
        onChange={(event) => setDraft({ ...draft, start: event.target.value })}
      />
      <TextField
        label={t`End date`}
        name="end"
        type="date"
        max={today}
        value={draft.end}
        onChange={(event) => setDraft({ ...draft, end: event.target.value })}
      />
      <SelectField
        label={t`Kind of change`}
        name="kind"
        value={draft.kind}
        onChange={(event) => setDraft({ ...draft, kind: event.target.value as FundKind })}
      >
        {FUND_KIND_NAMES.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabels[kind]}
          </option>
        ))}
      </SelectField>
      <FormError message={error} />
      <div className="fund-filter-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setError(null);
            setDraft({ ...defaultRange(), kind: 'all' });
          }}
        >
          {t`Last ${days} days`}
        </button>
        <button type="submit" className="btn btn-primary">
          {t`Apply`}
        </button>
      </div>
    </form>
  );
}
