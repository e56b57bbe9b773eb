import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { OwnOrderItem } from '../../../shared/api/types';
import { Sheet } from '../../ui';
import { SheetLoading } from './SheetLoading';
import { formatOdds, tallyOfOrders, type RoundTally } from './model';
import { LinePayout } from './LinePayout';
import { ORDER_STATUS_NAMES, useOutcomeName, formatMoney, formatSignedMoney, formatUsd } from '../../i18n';

/**
 * The member's orders of a round. In the current round, each line still waiting has a cancel
 * button; once the round is closed the buttons are disabled and the sheet says why
 * (`closedReason`). After a draw the sheet keeps the drawn round the member played (`drawn`):
 * each line with its outcome and payout, and what the round came to, until the member's first
 * order of a later round.
 */
export function OwnOrdersSheet({
  open,
  seqno,
  drawn,
  orders,
  loading,
  cancelling,
  closedReason,
  onCancel,
  onClose,
}: {
  open: boolean;
  seqno: string | null;
  /** The round shown is drawn (not the one open now): no cancelling, outcomes instead. */
  drawn: boolean;
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
  const tally = drawn && orders ? tallyOfOrders(orders) : null;
  return (
    <Sheet open={open} title={t`My orders`} onClose={onClose} testId="own-orders">
      {seqno && (
        <p className="confirm-round" data-testid="own-orders-round">
          {drawn ? t`Round ${seqno} · drawn` : t`Round ${seqno}`}
        </p>
      )}
      {!drawn && closedReason !== null && (
        <p className="text-muted" data-testid="cancel-closed">
          {closedReason}
        </p>
      )}
      {tally && <RoundSummary tally={tally} />}
      {orders === null ? (
        loading ? (
          <SheetLoading />
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
                <div className="order-side">
                  <span className={`status-chip is-${order.status}`}>{_(ORDER_STATUS_NAMES[order.status])}</span>
                  {drawn && order.award > 0 && (
                    <LinePayout stake={order.money} award={order.award} testId="own-order-award" />
                  )}
                </div>
                {!drawn && order.status === 'wait' && (
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
      {drawn && (
        <p className="text-muted own-orders-next">{t`Your orders of the next round show here once you place one.`}</p>
      )}
    </Sheet>
  );
}

/** What the drawn round came to for the member: worded and coloured by the net's sign. */
function RoundSummary({ tally }: { tally: RoundTally }) {
  const { t } = useLingui();
  const verdict =
    tally.verdict === 'won'
      ? t`You won this round`
      : tally.verdict === 'lost'
        ? t`You lost this round`
        : t`You broke even this round`;
  return (
    <section className={`round-summary is-${tally.verdict}`} data-testid="round-summary" data-verdict={tally.verdict}>
      <p className="round-summary-verdict">{verdict}</p>
      <dl>
        <div>
          <dt>{t`Staked (USD)`}</dt>
          <dd className="figure">{formatMoney(tally.stakeCents)}</dd>
        </div>
        <div>
          <dt>{t`Paid (USD)`}</dt>
          <dd className="figure">{formatMoney(tally.paidCents)}</dd>
        </div>
        <div>
          <dt>{t`Net (USD)`}</dt>
          <dd className="figure round-summary-net" data-testid="round-summary-net">
            {formatSignedMoney(tally.netCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
