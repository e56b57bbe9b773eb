import { useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageKey, refuse } from '../../../shared/errors';
import { isBrowserOnline, useBrowserOnline, useWindowedQuery } from '../../data';
import { messageOf, useLocale } from '../../i18n';
import { EmptyState, Icon, Page, Spinner, StaleBadge, toast, useScreenActive } from '../../ui';
import { FundLogFilter } from './FundLogFilter';
import { FundLogRow } from './FundLogRow';
import { defaultRange, fundLogRead, rangeEndingOn, sameRange, serverToday, type DateRange } from './fundLog';
import { failureText } from './walletApi';
import './wallet.css';

/**
 * Fund log (/my_income): time, amount (class 1 green with +, otherwise red with -), balance before
 * and reason, newest first, for a date range (default the last 3 days to today). The last query
 * and its rows are kept in Dexie through the sync layer, so the log opens offline, marked stale,
 * with the range it covers.
 *
 * Long lists: rows arrive a page at a time (`before` cursor), loaded when the end of the list
 * comes near (IntersectionObserver, with a button as the fallback), so the DOM only holds what the
 * member scrolled to. Each row is memoized and styled `content-visibility: auto` with an intrinsic
 * size (wallet.css): off-screen rows skip layout and paint, so even thousands of loaded rows scroll
 * smoothly without the measuring and jumpy scroll bar a hand-made virtual window would bring.
 */
export default function IncomePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const active = useScreenActive();
  const online = useBrowserOnline();
  // null = the default range, recomputed on each render so a page kept open past midnight moves on.
  const [chosen, setChosen] = useState<DateRange | null>(null);
  const today = serverToday();
  const requested = useMemo(() => chosen ?? rangeEndingOn(today), [chosen, today]);
  const [filterOpen, setFilterOpen] = useState(false);
  const log = useWindowedQuery(fundLogRead, requested, {
    // A refresh keeps the pages loaded (useWindowedQuery), but there is no need to do it often.
    refreshOnVisibleAfterMs: 5 * 60_000,
  });
  const { show: query, loadMore } = log;
  const more = { loading: log.more.loading, error: log.more.error ? failureText(log.more.error) : null };
  const data = log.data;
  const rows = data?.rows;

  // Coming back to the kept-alive page (after a withdrawal, a round...) shows the newest rows.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void query(requested);
    wasActive.current = active;
  }, [active, query, requested]);

  function apply(range: DateRange) {
    setFilterOpen(false);
    setChosen(sameRange(range, defaultRange()) ? null : range);
    if (!isBrowserOnline()) {
      toast.warn(messageOf(refuse(MessageKey.Offline)));
      return;
    }
    void query(range);
  }

  const canLoadMore = data !== undefined && !data.complete && (rows?.length ?? 0) > 0;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    // Rebuilt after each page (rows.length), so a sentinel still in view asks for the next one.
    if (!node || !canLoadMore || !active || !online || more.error || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, active, online, more.error, loadMore, rows?.length]);

  const formatTime = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    return (epochSeconds: number) => format.format(new Date(epochSeconds * 1000));
  }, [locale]);

  const shown = data ?? requested;
  const start = shown.start;
  const end = shown.end;
  const loadingRange = log.isValidating && online && (!data || !sameRange(data, requested));
  const failed = log.error !== null && online ? failureText(log.error) : null;

  const filterButton = (
    <button
      type="button"
      className="icon-btn"
      aria-label={t`Filter by date`}
      data-testid="fund-log-filter-open"
      onClick={() => setFilterOpen(true)}
    >
      <Icon name="filter" />
    </button>
  );

  return (
    <Page title={t`Fund log`} backTo="/user" actions={filterButton} className="wallet-page">
      <section className="fund-range card" aria-label={t`Date range`}>
        <div className="fund-range-row">
          <p className="fund-range-text" data-testid="fund-log-range">
            <Trans>
              From <span className="fund-range-day">{start}</span> to <span className="fund-range-day">{end}</span>
            </Trans>
          </p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setFilterOpen(true)}>
            {t`Change`}
          </button>
        </div>
        {loadingRange && (
          <p className="wallet-muted fund-range-loading">
            <Spinner /> {t`Loading…`}
          </p>
        )}
        <StaleBadge status={log.status} updatedAt={log.updatedAt} validating={log.isValidating} />
        {failed && data && (
          <p className="wallet-inline-error" role="alert">
            {failed}
          </p>
        )}
      </section>

      {rows && rows.length > 0 ? (
        <>
          <ol className="fund-list" aria-label={t`Fund log entries`} data-testid="fund-log-list">
            {rows.map((row) => (
              <FundLogRow key={row.id} row={row} formatTime={formatTime} />
            ))}
          </ol>
          <div ref={sentinel} className="fund-list-end">
            {data?.complete ? (
              <p className="wallet-muted" data-testid="fund-log-end">
                {t`No older entries in this range.`}
              </p>
            ) : (
              <>
                {more.error && (
                  <p className="wallet-inline-error" role="alert">
                    {more.error}
                  </p>
                )}
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  data-testid="fund-log-more"
                  disabled={more.loading}
                  aria-busy={more.loading || undefined}
                  onClick={() => void loadMore()}
                >
                  {more.loading && <span className="spinner spinner-inline" aria-hidden="true" />}
                  {t`Load more`}
                </button>
              </>
            )}
          </div>
        </>
      ) : log.isLoading || (loadingRange && !data) ? (
        <div className="wallet-loading">
          <Spinner label={t`Loading`} />
        </div>
      ) : data ? (
        <EmptyState
          title={t`No entries in this range`}
          text={t`Choose other dates to see older changes to your balance.`}
          icon="receipt"
          action={
            <button type="button" className="btn btn-secondary" onClick={() => setFilterOpen(true)}>
              {t`Change dates`}
            </button>
          }
        />
      ) : (
        <EmptyState
          title={t`Fund log unavailable`}
          text={failed ?? t`It will appear once the app can reach the server.`}
          icon="cloudOff"
          action={
            <button type="button" className="btn btn-secondary" onClick={() => void query(requested)}>
              {t`Try again`}
            </button>
          }
        />
      )}

      <FundLogFilter open={filterOpen} range={requested} onClose={() => setFilterOpen(false)} onApply={apply} />
    </Page>
  );
}
