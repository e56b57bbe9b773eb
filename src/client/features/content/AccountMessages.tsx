import { useLingui } from '@lingui/react/macro';
import type { WithdrawalItem } from '../../../shared/api/types';
import { useWithdrawals } from '../../data';
import { formatDateTime, formatUsd } from '../../i18n';
import { EmptyState, SyncedSection } from '../../ui';
import { ContentLoading } from './parts';

/** One decision on a withdrawal, said in the member's language whatever language it was made in. */
function DecisionMessage({ item }: { item: WithdrawalItem }) {
  const { t } = useLingui();
  const money = formatUsd(item.money);
  const account = item.account;
  const note = item.note;
  return (
    <li className="message" data-testid="account-message" data-status={item.status}>
      <div className="message-head">
        <span className="message-head-text">
          <span className="message-title" data-testid="message-title">
            {item.status === 'paid' ? t`Withdrawal paid` : t`Withdrawal rejected`}
          </span>
          <time className="article-date" dateTime={new Date(item.decidedAt ?? item.time).toISOString()}>
            {formatDateTime(item.decidedAt ?? item.time)}
          </time>
        </span>
      </div>
      <p className="message-text" data-testid="message-text">
        {item.status === 'paid'
          ? t`Your withdrawal of ${money} USD to ${account} has been paid.`
          : note
            ? t`Your withdrawal of ${money} USD to ${account} was rejected: ${note}. The amount is back in your balance.`
            : t`Your withdrawal of ${money} USD to ${account} was rejected. The amount is back in your balance.`}
      </p>
    </li>
  );
}

/**
 * Messages to the member about their own account: each withdrawal the operator paid or rejected,
 * newest first. Made from the member's withdrawals (cached, so they read offline), not stored twice.
 */
export function AccountMessages() {
  const { t } = useLingui();
  const withdrawals = useWithdrawals();
  return (
    <SyncedSection
      synced={withdrawals}
      unavailableTitle={t`Messages unavailable`}
      loading={<ContentLoading />}
      isEmpty={(list) => !list.some((item) => item.status !== 'pending')}
      empty={
        <EmptyState title={t`No messages yet`} text={t`Messages about your account will appear here.`} icon="inbox" />
      }
    >
      {(list) => (
        <ul className="message-list card">
          {list
            .filter((item) => item.status !== 'pending')
            .map((item) => (
              <DecisionMessage key={item.id} item={item} />
            ))}
        </ul>
      )}
    </SyncedSection>
  );
}
