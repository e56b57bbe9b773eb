import { useLingui } from '@lingui/react/macro';
import type { OrderLine } from '../../../shared/api/types';
import { FormError, Sheet } from '../../ui';
import { formatOdds, linePayoutIfWon, orderTotalCents } from './model';
import { useOutcomeName, formatMoney, formatUsd } from '../../i18n';

export interface PendingOrder {
  seqno: string;
  lines: OrderLine[];
  /** Made when the popup opens: a retry of this confirmation reuses it, so it is never charged twice. */
  idempotencyKey: string;
}

/**
 * The confirm popup: every line with its odds, its stake and what it pays back if its outcome wins
 * (stake x odds, by the shared payout rule), and the total staked, before anything is sent.
 */
export function ConfirmOrderSheet({
  pending,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  pending: PendingOrder | null;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const seqno = pending?.seqno ?? '';
  const total = pending ? formatMoney(orderTotalCents(pending.lines)) : '';
  return (
    <Sheet
      open={pending !== null}
      title={t`Confirm order`}
      onClose={busy ? () => undefined : onClose}
      testId="confirm-order"
      footer={
        <div className="sheet-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
            {t`Confirm`}
          </button>
        </div>
      }
    >
      {pending && (
        <>
          <p className="confirm-round">{t`Round ${seqno}`}</p>
          <table className="confirm-table">
            <thead>
              <tr>
                <th scope="col">{t`Option`}</th>
                <th scope="col" className="num">
                  {t`Odds`}
                </th>
                <th scope="col" className="num">
                  {t`Amount (USD)`}
                </th>
                <th scope="col" className="num">
                  {t`Pays if it wins (USD)`}
                </th>
              </tr>
            </thead>
            <tbody>
              {pending.lines.map((line) => {
                const [value, odds, price] = line;
                const payout = linePayoutIfWon(line);
                return (
                  <tr key={value} data-testid="confirm-line">
                    <td className="confirm-name">{nameOf(value)}</td>
                    <td className="num">×{formatOdds(odds)}</td>
                    <td className="num">{formatUsd(price)}</td>
                    <td className="num" data-testid="confirm-payout">
                      {payout === null ? '—' : formatMoney(payout)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t`Total (USD)`}
                </th>
                <td className="num figure" data-testid="confirm-total">
                  {total}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
          <FormError message={error} />
        </>
      )}
    </Sheet>
  );
}
