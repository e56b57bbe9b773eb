import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { PLAY_PERIODS, type PlayLimit } from '../../../shared/api/types';
import { formatDateTime, formatUsd, serverMidnightHere } from '../../i18n';
import { KIND_NAMES, PERIOD_NAMES } from './playNames';

/** One limit: its size, what is used and left in this period, and a looser one that waits. */
function LimitRow({ limit }: { limit: PlayLimit }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const used = formatUsd(limit.used);
  const next = limit.next;
  return (
    <li className="limit-row" data-testid={`limit-${limit.period}-${limit.kind}`}>
      <span className="limit-kind">{_(KIND_NAMES[limit.kind])}</span>
      <span className="limit-value figure" data-testid="limit-value">
        {limit.money > 0 ? `${formatUsd(limit.money)} USD` : t`No limit`}
      </span>
      <span className="limit-use text-muted" data-testid="limit-use">
        {limit.left === null ? t`Used ${used}` : t`Used ${used} · ${formatUsd(limit.left)} left`}
      </span>
      {next && (
        <span className="limit-next" data-testid="limit-next">
          {next.money === 0
            ? t`Removed from ${formatDateTime(next.at)}`
            : t`${formatUsd(next.money)} USD from ${formatDateTime(next.at)}`}
        </span>
      )}
    </li>
  );
}

/** The limits by period (day, week, month), each with when it starts counting again. */
export function LimitList({ limits }: { limits: readonly PlayLimit[] }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const midnight = serverMidnightHere();
  return (
    <div className="limit-periods">
      <p className="text-muted limit-day-start" data-testid="limit-day-start">
        {t`Days, weeks and months count from 00:00 UTC+8 (${midnight} your time).`}
      </p>
      {PLAY_PERIODS.map((period) => {
        const rows = limits.filter((limit) => limit.period === period);
        if (rows.length === 0) return null;
        return (
          <section key={period} className="card limit-period" aria-label={_(PERIOD_NAMES[period])}>
            <h3 className="limit-period-title">
              {_(PERIOD_NAMES[period])}
              <span className="text-muted limit-reset">{t`Counts again from ${formatDateTime(rows[0].resetAt)}`}</span>
            </h3>
            <ul className="limit-rows">
              {rows.map((limit) => (
                <LimitRow key={limit.kind} limit={limit} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
