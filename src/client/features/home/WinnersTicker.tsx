import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WinnerEntry } from '../../../shared/api/types';
import { useBrowserOnline, useQuery } from '../../data';
import { formatDate, useOutcomeName, formatUsd } from '../../i18n';
import { StaleBadge, usePageVisible, usePrefersReducedMotion } from '../../ui';
import { winnersQuery, WINNERS_REFRESH_MS } from './homeApi';

/** Rows the ticker shows at once; with more, the list scrolls. */
const WINDOW_ROWS = 5;
/** Seconds each row takes to pass, so a longer list scrolls at the same speed. */
const SECONDS_PER_ROW = 2.4;

/**
 * The outcomes a round was won on; a list kept on this device before answers named them all has
 * the best-paid one only.
 */
function outcomesOf(entry: Pick<WinnerEntry, 'value'> & { values?: readonly number[] }): readonly number[] {
  return entry.values && entry.values.length > 0 ? entry.values : [entry.value];
}

/** A round the member ended ahead on: the server lists no other, and a row that says otherwise is not shown. */
const isNetGain = (entry: WinnerEntry) => entry.money > 0;

function WinnerRow({
  entry,
  copy = false,
}: {
  entry: WinnerEntry;
  /** The loop's second copy: not a row of its own for tests. */
  copy?: boolean;
}) {
  const id = (name: string) => (copy ? undefined : name);
  // Named here from the index rather than the server's valuecn, so a cached list follows the
  // member's language offline too.
  const outcomeName = useOutcomeName();
  const { t } = useLingui();
  const net = formatUsd(entry.money);
  return (
    <li className="winner-row" data-testid={id('winner-row')}>
      <span className="winner-user" data-testid={id('winner-user')}>
        {entry.user}
      </span>
      <span className="winner-outcome" data-testid={id('winner-outcome')}>
        {outcomesOf(entry).map(outcomeName).join(' · ')}
      </span>
      <span className="visually-hidden">{t`Net gain of the round:`}</span>
      <span className="winner-money figure" data-testid={id('winner-money')}>
        +{net}
      </span>
      <time className="winner-time" dateTime={new Date(entry.time * 1000).toISOString()}>
        {formatDate(entry.time, 'ticker')}
      </time>
    </li>
  );
}

/**
 * The latest winners (our getWinners addition): real settled rounds that paid a member more than
 * the member staked on them, each with that net gain and the outcomes it was won on, the member's
 * name masked by the server (DESIGN.md section 3). Refreshed about every 30 s while the member can
 * see it; an empty list says so instead of showing rows that never happened.
 */
export function WinnersTicker() {
  const { t } = useLingui();
  const winners = useQuery(winnersQuery, {
    maxAgeMs: 10_000,
    refreshOnVisibleAfterMs: WINNERS_REFRESH_MS,
  });
  const visible = usePageVisible();
  const online = useBrowserOnline();
  const reducedMotion = usePrefersReducedMotion();
  const { refresh } = winners;

  useEffect(() => {
    if (!visible || !online) return;
    const timer = setInterval(() => void refresh(), WINNERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [visible, online, refresh]);

  const rows = (winners.data ?? []).filter(isNetGain);
  const scrolling = rows.length > WINDOW_ROWS && !reducedMotion;

  let body;
  if (rows.length > 0) {
    body = (
      <div className={`ticker-window${scrolling ? ' is-scrolling' : ''}`} data-testid="winners-window">
        <ol
          className="ticker-list"
          aria-label={t`Latest winners`}
          style={scrolling ? { animationDuration: `${rows.length * SECONDS_PER_ROW}s` } : undefined}
        >
          {rows.map((entry) => (
            <WinnerRow key={entry.id} entry={entry} />
          ))}
        </ol>
        {scrolling && (
          // The second copy makes the loop seamless; screen readers read the list once.
          <ol
            className="ticker-list"
            aria-hidden="true"
            style={{ animationDuration: `${rows.length * SECONDS_PER_ROW}s` }}
          >
            {rows.map((entry) => (
              <WinnerRow key={entry.id} entry={entry} copy />
            ))}
          </ol>
        )}
      </div>
    );
  } else if (winners.isLoading) {
    body = <div className="ticker-window ticker-skeleton skeleton" aria-busy="true" aria-label={t`Loading`} />;
  } else if (winners.data) {
    body = (
      <div className="ticker-empty" data-testid="winners-empty">
        <p className="ticker-empty-title">{t`No winners yet`}</p>
        <p>{t`Winning orders will appear here once rounds are settled.`}</p>
      </div>
    );
  } else {
    body = (
      <p className="ticker-empty" data-testid="winners-unavailable">
        {t`Winners will appear once the app can reach the server.`}
      </p>
    );
  }

  return (
    <section className="winners card" aria-labelledby="winners-title" data-testid="winners">
      <div className="winners-head">
        <h2 id="winners-title" className="winners-title">
          {t`Latest winners`}
        </h2>
        <StaleBadge status={winners.status} updatedAt={winners.updatedAt} validating={winners.isValidating} />
      </div>
      {body}
    </section>
  );
}
