import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { SyncedSection } from '../../ui';
import { useOrderHistory } from '../../data/useOrderHistory';
import type { History } from '../../data/useHistory';
import type { StoredOrderRow } from '../../data/db';
import { formatOdds } from './model';
import { pathTo } from '../../routing/paths';
import { LinePayout } from './LinePayout';
import { SheetLoading } from './SheetLoading';
import { formatDateTime, formatUsd, ORDER_STATUS_NAMES, useOutcomeName } from '../../i18n';
import { failureText } from '../../i18n';

/** The member's lines of one game (or all), newest first, read from the device's order history. */
export default function OrderHistoryList({ gametype }: { gametype?: number }) {
  const { t } = useLingui();
  const records = useOrderHistory({ gametype: gametype ?? null });
  return (
    <SyncedSection
      synced={records}
      unavailableTitle={t`Order history unavailable`}
      unavailableText={t`Your history cannot be loaded right now.`}
      isEmpty={(rows) => rows.length === 0}
      empty={<p className="text-muted">{t`No orders yet.`}</p>}
      loading={<SheetLoading />}
    >
      {(rows) => <RecordRows records={records} items={rows} complete={records.complete} />}
    </SyncedSection>
  );
}

function RecordRows({
  records,
  items,
  complete,
}: {
  records: History<StoredOrderRow>;
  items: StoredOrderRow[];
  complete: boolean;
}) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const nameOf = useOutcomeName();
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
                {order.award > 0 && <LinePayout stake={order.money} award={order.award} testId="history-order-award" />}
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
      {!complete && records.more.error !== null && (
        <p className="field-error" role="alert">
          {failureText(records.more.error)}
        </p>
      )}
      {!complete && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void records.loadMore()}
          disabled={records.more.loading}
          aria-busy={records.more.loading || undefined}
        >
          {t`Load more`}
        </button>
      )}
    </>
  );
}
