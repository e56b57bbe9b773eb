import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FieldError } from '../../ui';
import { OUTCOME_KEYS } from '../../../shared/game';
import { formatOdds } from './model';
import { useOutcomeName } from '../../i18n';

/**
 * The eleven outcomes in two columns with the room's odds; several may be selected (SPEC.md
 * section 2). The outcomes a home tile is about (`focus`) come first, marked, and the others
 * follow under "More options".
 */
export function OptionGrid({
  rates,
  selected,
  focus = [],
  closed,
  error,
  onToggle,
}: {
  rates: readonly number[];
  selected: readonly number[];
  /** Outcome indices shown first and marked (from the tile that opened the room). */
  focus?: readonly number[];
  /** Shown as unavailable; a tap still reaches onToggle, which says why it is refused. */
  closed: boolean;
  /** Why the last tap or Buy was refused (at most 9, select one...), said under the grid. */
  error: string | null;
  onToggle: (value: number) => void;
}) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const errorId = useId();
  const values = OUTCOME_KEYS.map((_, value) => value);
  const first = values.filter((value) => focus.includes(value));
  const rest = values.filter((value) => !focus.includes(value));
  const option = (value: number) => {
    const name = nameOf(value);
    const odds = formatOdds(rates[value] ?? 0);
    const on = selected.includes(value);
    const focused = first.includes(value);
    return (
      <button
        key={value}
        type="button"
        className={`option${on ? ' is-selected' : ''}${focused ? ' is-focus' : ''}`}
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
  };
  return (
    <>
      <div
        className={`option-grid${closed ? ' is-closed' : ''}`}
        role="group"
        aria-label={t`Options`}
        aria-describedby={error ? errorId : undefined}
      >
        {first.map(option)}
        {first.length > 0 && rest.length > 0 && (
          <p className="option-more" data-testid="more-options">
            {t`More options`}
          </p>
        )}
        {rest.map(option)}
      </div>
      <FieldError id={errorId} error={error} />
    </>
  );
}
