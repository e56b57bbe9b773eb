import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FieldError } from '../../ui';
import { OUTCOME_KEYS } from '../../../shared/game';
import { formatOdds } from './model';
import { useOutcomeName } from '../../i18n';

/** The eleven outcomes in two columns with the room's odds; several may be selected (SPEC.md section 2). */
export function OptionGrid({
  rates,
  selected,
  closed,
  error,
  onToggle,
}: {
  rates: readonly number[];
  selected: readonly number[];
  /** Shown as unavailable; a tap still reaches onToggle, which says why it is refused. */
  closed: boolean;
  /** Why the last tap or Buy was refused (at most 9, select one...), said under the grid. */
  error: string | null;
  onToggle: (value: number) => void;
}) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const errorId = useId();
  return (
    <>
      <div
        className={`option-grid${closed ? ' is-closed' : ''}`}
        role="group"
        aria-label={t`Options`}
        aria-describedby={error ? errorId : undefined}
      >
        {OUTCOME_KEYS.map((key, value) => {
          const name = nameOf(value);
          const odds = formatOdds(rates[value] ?? 0);
          const on = selected.includes(value);
          return (
            <button
              key={key}
              type="button"
              className={`option${on ? ' is-selected' : ''}`}
              aria-pressed={on}
              aria-disabled={closed || undefined}
              aria-label={t`${name}, odds ${odds}`}
              data-testid={`option-${value}`}
              onClick={() => onToggle(value)}
            >
              <span className="option-name">{name}</span>
              <span className="option-odds">×{odds}</span>
            </button>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </>
  );
}
