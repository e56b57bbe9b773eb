import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { OwnOrderItem } from '../../../shared/api/types';
import { Sheet, Spinner } from '../../ui';
import { formatOdds } from './model';
import { ORDER_STATUS_NAMES, useOutcomeName, formatUsd } from '../../i18n';

/**
 * The member's orders of the current round, with a cancel button on each one still waiting;
 * once the round is closed the buttons are disabled and the sheet says why (`closedReason`).
 */
export function OwnOrdersSheet({
  open,
  seqno,
  orders,
  loading,
  cancelling,
  closedReason,
  onCancel,
  onClose,
}: {
  open: boolean;
  seqno: string | null;
  orders: OwnOrderItem[] | null;
  loading: boolean;
  cancelling: number | null;
  closedReason: string | null;
  onCancel: (order: OwnOrderItem) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const nameOf = useOutcomeName();
  return (
    <Sheet open={open} title={t`My orders`} onClose={onClose} testId="own-orders">
      {seqno && <p className="confirm-round">{t`Round ${seqno}`}</p>}
      {closedReason !== null && (
        <p className="text-muted" data-testid="cancel-closed">
          {closedReason}
        </p>
      )}
      {orders === null ? (
        loading ? (
          <div className="sheet-loading">
            <Spinner label={t`Loading`} />
          </div>
        ) : (
          <p className="text-muted">{t`Your orders cannot be loaded right now.`}</p>
        )
      ) : orders.length === 0 ? (
        <p className="text-muted">{t`You have no orders in this round.`}</p>
      ) : (
        <ul className="order-list">
          {orders.map((order) => {
            const name = nameOf(order.value);
            const amount = formatUsd(order.money);
            return (
              <li key={order.order_id} className="order-row" data-testid="own-order" data-status={order.status}>
                <div className="order-main">
                  <span className="order-name">{name}</span>
                  <span className="order-meta">
                    ×{formatOdds(order.rate)} · {amount} USD
                  </span>
                </div>
                <span className={`status-chip is-${order.status}`}>{_(ORDER_STATUS_NAMES[order.status])}</span>
                {order.status === 'wait' && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => onCancel(order)}
                    disabled={cancelling === order.order_id || closedReason !== null}
                    aria-label={t`Cancel order: ${name}, ${amount} USD`}
                  >
                    {t`Cancel`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Sheet>
  );
}
