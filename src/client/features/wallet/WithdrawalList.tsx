import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useWithdrawals } from '../../data';
import { formatDateTime, WITHDRAWAL_STATUS_NAMES, formatUsd } from '../../i18n';
import { Spinner, SyncedSection } from '../../ui';
import { useCancelWithdrawal } from './useCancelWithdrawal';

/**
 * The member's latest withdrawals: amount, masked account, when, and whether the operator has paid
 * or rejected it, with the operator's note (a payment's reference, or why it was rejected). One
 * still waiting can be cancelled. Cached, so it reads offline like the fund log.
 */
export function WithdrawalList() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const withdrawals = useWithdrawals();
  const { cancelling, onCancel } = useCancelWithdrawal();
  return (
    <section className="withdrawal-history" aria-labelledby="withdrawal-history-title">
      <h2 id="withdrawal-history-title" className="section-title">
        {t`Your withdrawals`}
      </h2>
      <SyncedSection
        synced={withdrawals}
        unavailableTitle={t`Withdrawals unavailable`}
        empty={<p className="text-muted">{t`No withdrawals yet.`}</p>}
      >
        {(list) => (
          <ul className="order-list card withdrawal-list">
            {list.map((item) => {
              const money = formatUsd(item.money);
              return (
                <li
                  key={item.id}
                  className="order-row"
                  data-testid="withdrawal"
                  data-id={item.id}
                  data-status={item.status}
                >
                  <div className="order-main">
                    <span className="order-name">
                      {money} USD · <span className="withdrawal-account">{item.account}</span>
                    </span>
                    <span className="order-meta">{formatDateTime(item.time)}</span>
                    {item.note && <OperatorNote note={item.note} />}
                  </div>
                  <div className="withdrawal-side">
                    <span className={`status-chip is-${item.status}`}>{_(WITHDRAWAL_STATUS_NAMES[item.status])}</span>
                    {item.status === 'pending' && (
                      <button
                        type="button"
                        className="btn btn-secondary withdrawal-cancel"
                        aria-label={t`Cancel the withdrawal of ${money} USD`}
                        data-testid="withdrawal-cancel"
                        disabled={cancelling !== null}
                        onClick={() => void onCancel(item)}
                      >
                        {cancelling === item.id ? <Spinner /> : t({ message: 'Cancel', context: 'withdrawal' })}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </SyncedSection>
    </section>
  );
}

function OperatorNote({ note }: { note: string }) {
  const { t } = useLingui();
  return (
    <span className="order-meta withdrawal-note" data-testid="withdrawal-note">
      {t`Operator's note: ${note}`}
    </span>
  );
}
