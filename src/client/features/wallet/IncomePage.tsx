import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { EmptyState, Icon, Page, Spinner, StaleBadge, SyncedSection } from '../../ui';
import { FundLogFilter, useFundKindLabels } from './FundLogFilter';
import { FundLogRow } from './FundLogRow';
import { useFundLog } from './useFundLog';
import { LedgerWarning } from './LedgerWarning';
import { useLedger } from '../../data/useLedger';
import { formatServerDay, serverMidnightHere } from '../../i18n';
import { pathTo } from '../../routing/paths';
import './wallet.css';

/**
 * Fund log (/my_income): time, amount (class 1 green with +, otherwise red with -), balance before
 * and reason, newest first, for a date range (default the last 3 days to today) and a kind of
 * change. The rows are records in the device's table (data/fundHistory.ts: the last 90 days are
 * kept whole), so the log opens and filters offline, marked stale, with the range it covers.
 *
 * Long lists: rows are drawn a page at a time, the next one when the end of the list comes near
 * (IntersectionObserver, with a button as the fallback), older than the table holds asked from the
 * server by `before` cursor, so the DOM only holds what the member scrolled to. Each row is memoized and styled `content-visibility: auto` with an intrinsic
 * size (wallet.css): off-screen rows skip layout and paint, so even thousands of loaded rows scroll
 * smoothly without the measuring and jumpy scroll bar a hand-made virtual window would bring.
 */
export default function IncomePage() {
  const { t } = useLingui();
  const fundLog = useFundLog();
  const { log, requested, apply, filterOpen, setFilterOpen, failed, active } = fundLog;
  const ledger = useLedger(fundLog.rows, { enabled: active });
  const appearsText = t`It will appear once the app can reach the server.`;

  const filterButton = (
    <button
      type="button"
      className="icon-btn"
      aria-label={t`Filter the fund log`}
      data-testid="fund-log-filter-open"
      onClick={() => setFilterOpen(true)}
    >
      <Icon name="filter" />
    </button>
  );

  return (
    <Page title={t`Fund log`} backTo={pathTo('account')} actions={filterButton} className="wallet-page">
      <LedgerWarning conflicts={ledger.conflicts} />
      <FundRange fundLog={fundLog} />

      <SyncedSection
        synced={log}
        badge={false}
        unavailableTitle={t`Fund log unavailable`}
        unavailableText={failed ?? appearsText}
        offlineText={appearsText}
        empty={
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
        }
        loading={
          <div className="wallet-loading">
            <Spinner label={t`Loading`} />
          </div>
        }
      >
        {(rows) => (
          <>
            <ol className="fund-list" aria-label={t`Fund log entries`} data-testid="fund-log-list">
              {rows.map((row) => {
                const mark = ledger.marks.get(row.id);
                return <FundLogRow key={row.id} row={row} markState={mark?.state} markDay={mark?.day} />;
              })}
            </ol>
            <FundListEnd fundLog={fundLog} />
          </>
        )}
      </SyncedSection>

      <FundLogFilter open={filterOpen} range={requested} onClose={() => setFilterOpen(false)} onApply={apply} />
    </Page>
  );
}

type FundLog = ReturnType<typeof useFundLog>;

/** The range the list covers, whether it is being loaded, and how fresh it is. */
function FundRange({ fundLog }: { fundLog: FundLog }) {
  const { t } = useLingui();
  const { start, end, requested, setFilterOpen, log, failed, rows } = fundLog;
  const kind = useFundKindLabels()[requested.kind];
  const startDay = formatServerDay(start);
  const endDay = formatServerDay(end);
  const midnight = serverMidnightHere();
  return (
    <section className="fund-range card" aria-label={t`Date range`}>
      <div className="fund-range-row">
        <p className="fund-range-text" data-testid="fund-log-range">
          <Trans>
            From <span className="fund-range-day">{startDay}</span> to <span className="fund-range-day">{endDay}</span>
          </Trans>
        </p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setFilterOpen(true)}>
          {t`Change`}
        </button>
      </div>
      {requested.kind !== 'all' && (
        <p className="fund-range-kind" data-testid="fund-log-kind">
          {t`Only: ${kind}`}
        </p>
      )}
      <p className="fund-range-zone text-muted" data-testid="fund-log-day-start">
        {t`Days begin at 00:00 UTC+8 (${midnight} your time).`}
      </p>
      <p className="fund-range-ledger text-muted">
        <Icon name="shield" size={14} />
        <span>{t`Rows marked as in the signed ledger were checked on this device.`}</span>{' '}
        <Link href={pathTo('ledger')} data-testid="fund-log-ledger-link">
          {t`What is checked`}
        </Link>
      </p>
      <StaleBadge status={log.status} updatedAt={log.updatedAt} validating={log.isValidating} />
      {failed && rows && (
        <p className="wallet-inline-error" role="alert">
          {failed}
        </p>
      )}
    </section>
  );
}

/** The end of the loaded rows: the next page (asked by itself when in view), or the list's end. */
function FundListEnd({ fundLog }: { fundLog: FundLog }) {
  const { t } = useLingui();
  const { sentinel, log, more, loadMore } = fundLog;
  return (
    <div ref={sentinel} className="fund-list-end">
      {log.complete ? (
        <p className="text-muted" data-testid="fund-log-end">
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
  );
}
