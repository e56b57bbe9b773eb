import { useLingui } from '@lingui/react/macro';
import type { LeftMoneyAnswer } from '../../shared/api/types';
import { Spinner } from './LoadingCanvas';
import { formatUsd } from '../i18n';

/**
 * The withdrawable amount and, under it, what holds the rest of the money: turnover still to play
 * (with what it is and how it goes down), withdrawals waiting for the operator. The account page and the withdraw page both draw it from
 * the same read, so a member sees one figure.
 */
export function WithdrawableFigure({ left, loading }: { left: LeftMoneyAnswer | undefined; loading: boolean }) {
  const { t } = useLingui();
  const turnover = left && left.turnoverRemaining > 0 ? formatUsd(left.turnoverRemaining) : null;
  const pending = left && left.pendingWithdrawals > 0 ? formatUsd(left.pendingWithdrawals) : null;
  return (
    <>
      <span className="figure" data-testid="withdrawable">
        {left ? formatUsd(left.leftmoney) : loading ? <Spinner /> : '—'}
      </span>
      {(turnover || pending) && (
        <ul className="withdrawable-holds" data-testid="withdrawable-holds">
          {turnover && (
            <li data-testid="hold-turnover">
              {t`Turnover still to play: ${turnover} USD`}
              <span className="withdrawable-explain" data-testid="turnover-explained">
                {t`Money deposited is played in rounds before it can be withdrawn: this is what is still to be staked since your last deposit. It goes down by the stake of each of your orders once its round is settled (a cancelled order does not count); at 0, your whole balance can be withdrawn.`}
              </span>
            </li>
          )}
          {pending && <li data-testid="hold-pending">{t`Withdrawals pending: ${pending} USD`}</li>}
        </ul>
      )}
    </>
  );
}
