import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Sheet, Spinner, SyncedSection } from '../../ui';
import { useOrderHistory, type History, type StoredOrderRow } from '../../data';
import { formatOdds } from './model';
import { pathTo } from '../../routing/paths';
import { LinePayout } from './LinePayout';
import { formatDateTime, formatUsd, ORDER_STATUS_NAMES, useOutcomeName } from '../../i18n';
import { failureText } from '../../i18n';

/** The member's order history of this game (getGamelog), newest first, from the device: what was synced opens offline. */
export function RecordSheet({ open, gametype, onClose }: { open: boolean; gametype?: number; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Sheet open={open} title={t`Order history`} onClose={onClose} testId="order-history">
      {/* Mounted while open only, so each opening asks for the newest orders (the last seen show meanwhile). */}
      <RecordList gametype={gametype} />
    </Sheet>
  );
}

function RecordList({ gametype }: { gametype?: number }) {
  const { t } = useLingui();
  const records = useOrderHistory({ gametype: gametype ?? null });
  return (
    <SyncedSection
      synced={records}
      unavailableTitle={t`Order history unavailable`}
      unavailableText={t`Your history cannot be loaded right now.`}
      isEmpty={(rows) => rows.length === 0}
      empty={<p className="text-muted">{t`No orders yet.`}</p>}
      loading={
        <div className="sheet-loading">
          <Spinner label={t`Loading`} />
        </div>
      }
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
