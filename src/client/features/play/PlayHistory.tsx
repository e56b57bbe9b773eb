import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { PlayChange } from '../../../shared/api/types';
import { formatDateTime, formatUsd, PAUSE_NAMES } from '../../i18n';
import { KIND_NAMES, PAUSE_LENGTH_NAMES, PERIOD_ADJECTIVES } from './playNames';

/** One change as a sentence. */
function ChangeText({ change }: { change: PlayChange }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  if (change.what === 'limit') {
    const name = `${_(PERIOD_ADJECTIVES[change.period])} · ${_(KIND_NAMES[change.kind])}`;
    const from = change.from === 0 ? t`no limit` : `${formatUsd(change.from)} USD`;
    const to = change.to === 0 ? t`no limit` : `${formatUsd(change.to)} USD`;
    return change.effectiveAt > change.at
      ? t`${name}: ${from} → ${to}, from ${formatDateTime(change.effectiveAt)}`
      : t`${name}: ${from} → ${to}, at once`;
  }
  if (change.what === 'pause') {
    const length = PAUSE_LENGTH_NAMES[change.days];
    const name = _(PAUSE_NAMES[change.pause]);
    return length
      ? t`${name} of ${_(length)}, until ${formatDateTime(change.until)}`
      : t`${name} until ${formatDateTime(change.until)}`;
  }
  return change.minutes === 0 ? t`Reality check off` : t`Reality check every ${change.minutes} minutes`;
}

/** Every change of the member's limits, pauses and reality check, newest first, with its time. */
export function PlayHistory({ history }: { history: readonly PlayChange[] }) {
  const { t } = useLingui();
  return (
    <section className="play-history" aria-labelledby="play-history-title">
      <h2 id="play-history-title" className="section-title">
        {t`Changes`}
      </h2>
      {history.length === 0 ? (
        <p className="text-muted">{t`No changes yet.`}</p>
      ) : (
        <ul className="card play-history-list">
          {history.map((change, index) => (
            <li key={`${change.at}-${index}`} className="play-change" data-testid="play-change">
              <span className="play-change-time text-muted">
                {formatDateTime(change.at)}
                {change.by === 'operator' ? ` · ${t`by customer service`}` : ''}
              </span>
              <span>
                <ChangeText change={change} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
