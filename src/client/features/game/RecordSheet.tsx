import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { OwnOrderItem } from '../../../shared/api/types';
import { formatDateTime, formatUsd } from '../../i18n';
import { Sheet, Spinner } from '../../ui';
import { fetchGameLog, GAME_LOG_PAGE } from './gameApi';
import { formatOdds } from './model';
import { pathTo } from '../../routing/paths';
import { ORDER_STATUS_NAMES, useOutcomeName } from '../../i18n';

/** The member's order history of this game (getGamelog), newest first, a page at a time. */
export function RecordSheet({ open, gametype, onClose }: { open: boolean; gametype?: number; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Sheet open={open} title={t`Order history`} onClose={onClose} testId="order-history">
      {/* Mounted while open only, so each opening loads afresh. */}
      <RecordList gametype={gametype} />
    </Sheet>
  );
}

interface Pages {
  items: OwnOrderItem[] | null;
  more: boolean;
  failed: boolean;
  loadingMore: boolean;
}

function RecordList({ gametype }: { gametype?: number }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const nameOf = useOutcomeName();
  const [pages, setPages] = useState<Pages>({ items: null, more: false, failed: false, loadingMore: false });

  useEffect(() => {
    let cancelled = false;
    fetchGameLog({ gametype }).then(
      (page) => {
        if (!cancelled)
          setPages({ items: page, more: page.length >= GAME_LOG_PAGE, failed: false, loadingMore: false });
      },
      () => {
        if (!cancelled) setPages((p) => ({ ...p, failed: true }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [gametype]);

  async function loadMore(before: number) {
    setPages((p) => ({ ...p, loadingMore: true }));
    try {
      const page = await fetchGameLog({ gametype, before });
      setPages((p) => ({
        items: [...(p.items ?? []), ...page],
        more: page.length >= GAME_LOG_PAGE,
        failed: false,
        loadingMore: false,
      }));
    } catch {
      setPages((p) => ({ ...p, loadingMore: false }));
    }
  }

  const { items } = pages;
  if (items === null) {
    return pages.failed ? (
      <p className="text-muted">{t`Your history cannot be loaded right now.`}</p>
    ) : (
      <div className="sheet-loading">
        <Spinner label={t`Loading`} />
      </div>
    );
  }
  if (items.length === 0) return <p className="text-muted">{t`No orders yet.`}</p>;
  const last = items[items.length - 1];
  return (
    <>
      <ul className="order-list">
        {items.map((order) => {
          const seqno = order.seqno;
          const draw = order.sum !== null ? ` · ${order.num1} + ${order.num2} + ${order.num3} = ${order.sum}` : '';
          return (
            <li key={order.order_id} className="order-row" data-testid="history-order" data-status={order.status}>
              <div className="order-main">
                <span className="order-name">
                  {nameOf(order.value)} · {formatUsd(order.money)} USD
                </span>
                <span className="order-meta">
                  {t`Round ${seqno}`} · ×{formatOdds(order.rate)} · {formatDateTime(order.time * 1000)}
                  {draw}
                </span>
              </div>
              <div className="order-side">
                <span className={`status-chip is-${order.status}`}>{_(ORDER_STATUS_NAMES[order.status])}</span>
                {order.award > 0 && <span className="order-award">+{formatUsd(order.award)}</span>}
                {order.sum !== null && (
                  <Link
                    href={pathTo('fairness', { roomid: order.roomid, seqno })}
                    className="order-proof"
                    data-testid="history-proof"
                    aria-label={t`Verify round ${seqno}`}
                  >
                    {t`Verify this round`}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {pages.more && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void loadMore(last.order_id)}
          disabled={pages.loadingMore}
        >
          {t`Load more`}
        </button>
      )}
    </>
  );
}
