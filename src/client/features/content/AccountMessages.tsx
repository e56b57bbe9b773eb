import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WithdrawalItem } from '../../../shared/api/types';
import { markMessagesRead, useMessageReads, useWithdrawals } from '../../data';
import { formatDateTime, formatUsd } from '../../i18n';
import { EmptyState, SyncedSection } from '../../ui';
import { ContentLoading } from './parts';

/** When a message about the account happened: the operator's decision. */
const timeOf = (item: WithdrawalItem): number => item.decidedAt ?? item.time;

/** One decision on a withdrawal, said in the member's language whatever language it was made in. */
function DecisionMessage({ item, unread }: { item: WithdrawalItem; unread: boolean }) {
  const { t } = useLingui();
  const money = formatUsd(item.money);
  const account = item.account;
  const note = item.note;
  return (
    <li
      className={`message${unread ? ' is-unread' : ''}`}
      data-testid="account-message"
      data-status={item.status}
      data-unread={unread || undefined}
    >
      <div className="message-head">
        <span className="message-head-text">
          <span className="message-title" data-testid="message-title">
            {item.status === 'paid' ? t`Withdrawal paid` : t`Withdrawal rejected`}
            {unread && <span className="message-new">{t({ message: 'New', context: 'an unread message' })}</span>}
          </span>
          <time className="article-date" dateTime={new Date(timeOf(item)).toISOString()}>
            {formatDateTime(timeOf(item))}
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
 * What the member had not read when they opened the messages stays marked New while they look at
 * them, and the server is told they have now seen them up to the newest shown (a later one stays
 * unread). Closing the tab or leaving the page ends the look.
 */
function useReadOnSight(shown: boolean, newest: number | null): number | null {
  const reads = useMessageReads();
  // The server's word once it has answered (another phone may have read them), else the cached one.
  const readUpTo = reads.isValidating ? undefined : reads.data?.readUpTo;
  const [unreadAfter, setUnreadAfter] = useState<number | null>(null);
  // Taken when the look starts and kept through it (adjusting state while rendering, React's pattern).
  const wanted = shown ? (unreadAfter ?? readUpTo ?? null) : null;
  if (wanted !== unreadAfter) setUnreadAfter(wanted);
  useEffect(() => {
    if (shown && readUpTo !== undefined && newest !== null && newest > readUpTo) void markMessagesRead(newest);
  }, [shown, readUpTo, newest]);
  return unreadAfter;
}

/**
 * Messages to the member about their own account: each withdrawal the operator paid or rejected,
 * newest first. Made from the member's withdrawals (cached, so they read offline), not stored twice;
 * what is read of them is the server's (useMessageReads), so every device of the member agrees.
 * `shown`: the member is looking at them (their tab open on the page shown).
 */
export function AccountMessages({ shown }: { shown: boolean }) {
  const { t } = useLingui();
  const withdrawals = useWithdrawals();
  const decided = (withdrawals.data ?? []).filter((item) => item.status !== 'pending');
  const newest = decided.length > 0 ? Math.max(...decided.map(timeOf)) : null;
  const unreadAfter = useReadOnSight(shown, newest);
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
              <DecisionMessage key={item.id} item={item} unread={unreadAfter !== null && timeOf(item) > unreadAfter} />
            ))}
        </ul>
      )}
    </SyncedSection>
  );
}
