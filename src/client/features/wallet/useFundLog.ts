import { useEffect, useMemo, useRef, useState } from 'react';
import { useBrowserOnline } from '../../data';
import { useFundHistory } from '../../data/useFundHistory';
import { useScreenActive } from '../../ui';
import { earnInstallOffer } from '../../pwa';
import { FUND_KINDS, rangeEndingOn, serverToday, type FundLogFilterValue } from './fundLog';
import { failureText } from '../../i18n';

/**
 * The fund log's data and actions: the filter (the last days and every kind by default), the
 * device's rows of it a page at a time (the next drawn when the end of the list comes near), and
 * how each state reads. The rows come from the device's table, so a filter works offline too.
 */
export function useFundLog() {
  const active = useScreenActive();
  const online = useBrowserOnline();
  // null = the default filter, recomputed on each render so a page kept open past midnight moves on.
  const [chosen, setChosen] = useState<FundLogFilterValue | null>(null);
  const today = serverToday();
  const requested = useMemo<FundLogFilterValue>(
    () => chosen ?? { ...rangeEndingOn(today), kind: 'all' },
    [chosen, today],
  );
  const [filterOpen, setFilterOpen] = useState(false);
  const filter = useMemo(
    () => ({ start: requested.start, end: requested.end, reasons: FUND_KINDS[requested.kind] }),
    [requested],
  );
  const log = useFundHistory(filter, { enabled: active });
  const { loadMore, refresh } = log;
  const more = { loading: log.more.loading, error: log.more.error ? failureText(log.more.error) : null };
  const rows = log.data;

  // A member who reads the fund log has a reason to install the app (it reads offline).
  useEffect(() => earnInstallOffer(), []);

  // Coming back to the kept-alive page (after a withdrawal, a round...) shows the newest rows.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void refresh();
    wasActive.current = active;
  }, [active, refresh]);

  function apply(next: FundLogFilterValue) {
    setFilterOpen(false);
    const usual = rangeEndingOn(serverToday());
    setChosen(next.kind === 'all' && next.start === usual.start && next.end === usual.end ? null : next);
  }

  const canLoadMore = rows !== undefined && !log.complete && rows.length > 0;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    // Rebuilt after each page (rows.length) and when a load ends, so a sentinel still in view asks
    // for the next one even if it came into view while a page was loading.
    if (!node || !canLoadMore || !active || more.loading || more.error || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, active, more.loading, more.error, loadMore, rows?.length]);

  const failed = log.error !== null && online ? failureText(log.error) : null;

  return {
    rows,
    log,
    more,
    loadMore,
    requested,
    apply,
    filterOpen,
    setFilterOpen,
    sentinel,
    start: requested.start,
    end: requested.end,
    failed,
    active,
  };
}
