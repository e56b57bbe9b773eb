import { useEffect, useMemo, useRef, useState } from 'react';
import { isBrowserOnline, useBrowserOnline, useWindowedQuery } from '../../data';
import { toast, useScreenActive } from '../../ui';
import { earnInstallOffer } from '../../pwa';
import { defaultRange, fundLogRead, rangeEndingOn, sameRange, serverToday, type DateRange } from './fundLog';
import { failureText, OfflineError } from '../../api';

/**
 * The fund log's data and actions: the range asked (the last days by default), its rows a page at
 * a time (the next page asked when the end of the list comes near), the filter, and how each
 * state reads.
 */
export function useFundLog() {
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

  // A member who reads the fund log has a reason to install the app (it reads offline).
  useEffect(() => earnInstallOffer(), []);

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
      toast.warn(failureText(new OfflineError()));
      return;
    }
    void query(range);
  }

  const canLoadMore = data !== undefined && !data.complete && (rows?.length ?? 0) > 0;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    // Rebuilt after each page (rows.length) and when a load ends, so a sentinel still in view asks
    // for the next one even if it came into view while a page was loading.
    if (
      !node ||
      !canLoadMore ||
      !active ||
      !online ||
      more.loading ||
      more.error ||
      typeof IntersectionObserver === 'undefined'
    )
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, active, online, more.loading, more.error, loadMore, rows?.length]);

  const shown = data ?? requested;
  const start = shown.start;
  const end = shown.end;
  const loadingRange = log.isValidating && online && (!data || !sameRange(data, requested));
  const failed = log.error !== null && online ? failureText(log.error) : null;

  return {
    rows,
    data,
    log,
    more,
    loadMore,
    query,
    requested,
    apply,
    filterOpen,
    setFilterOpen,
    sentinel,
    start,
    end,
    loadingRange,
    failed,
  };
}
