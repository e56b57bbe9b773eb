import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FUND_LOG_DEFAULT_DAYS } from '../../../shared/constants';
import { validateDateRange } from '../../../shared/validation/wallet';
import { messageOf } from '../../i18n';
import { FormError, Sheet, TextField } from '../../ui';
import { defaultRange, serverToday, type DateRange } from './fundLog';

/**
 * The filter drawer: start and end dates. A bottom sheet (framer-motion through LazyMotion + m; the
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
  range: DateRange;
  onClose: () => void;
  onApply: (range: DateRange) => void;
}) {
  const { t } = useLingui();
  return (
    <Sheet open={open} title={t`Filter`} onClose={onClose} testId="fund-log-filter">
      {/* Mounted per opening, so the fields start from the range in use. */}
      {open && <FilterForm range={range} onApply={onApply} />}
    </Sheet>
  );
}

function FilterForm({ range, onApply }: { range: DateRange; onApply: (range: DateRange) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<DateRange>(range);
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
      <FormError message={error} />
      <div className="fund-filter-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setError(null);
            setDraft(defaultRange());
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
