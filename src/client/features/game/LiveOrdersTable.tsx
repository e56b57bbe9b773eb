import type { ReactNode } from 'react';
import { useMotionKit } from '../../ui/useMotionKit';
import { useStillKeys } from '../../ui/useStillKeys';
import { useLingui } from '@lingui/react/macro';
import type { LiveOrder } from '../../../shared/api/types';
import { StaleBadge } from '../../ui';
import { useOutcomeName, formatUsd } from '../../i18n';

/**
 * Everyone's orders in the current round, from real rows (usernames masked by the server). The
 * first list, and what arrives before the motion code has loaded, is drawn as it is; orders that
 * arrive after them slide in (useStillKeys).
 */
export function LiveOrdersTable({
  rows,
  stale,
  goodAt,
  known,
  indicator,
}: {
  rows: readonly LiveOrder[];
  stale: boolean;
  goodAt: number | null;
  /** Whether the round's table has been told: until then an empty one says it is loading. */
  known: boolean;
  /** How the table is kept up to date (LiveIndicator). */
  indicator?: ReactNode;
}) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const kit = useMotionKit();
  const stillIds = useStillKeys(
    rows.map((row) => row.id),
    kit !== null,
  );
  return (
    <section className="card live" data-testid="live-orders" aria-labelledby="live-title">
      <div className="card-head">
        <h2 id="live-title" className="card-title">
          {t`Live orders`}
        </h2>
        {indicator}
        {stale && <StaleBadge status="stale" updatedAt={goodAt} />}
      </div>
      <table className="live-table">
        <thead>
          <tr>
            <th scope="col">{t`User`}</th>
            <th scope="col">{t`Round`}</th>
            <th scope="col">{t`Option`}</th>
            <th scope="col" className="num">
              {t`Amount`}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cells = (
              <>
                <td>{row.username}</td>
                <td className="live-seq">{row.seqno}</td>
                <td>{nameOf(row.value)}</td>
                <td className="num">{formatUsd(row.money)}</td>
              </>
            );
            return kit && !stillIds.has(row.id) ? (
              <kit.MotionScope key={row.id}>
                <kit.m.tr
                  data-testid="live-order"
                  initial={{ opacity: 0, x: -12 }}
                  animate={{ opacity: 1, x: 0 }}
                  transition={{ duration: 0.3 }}
                >
                  {cells}
                </kit.m.tr>
              </kit.MotionScope>
            ) : (
              <tr key={row.id} data-testid="live-order">
                {cells}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && (
        <p className="text-muted live-empty">
          {stale && goodAt === null
            ? t`Live orders cannot be loaded right now.`
            : known
              ? t`No orders in this round yet.`
              : t`Loading…`}
        </p>
      )}
    </section>
  );
}
