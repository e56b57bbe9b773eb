import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AddedAccount, DepositItem, WithdrawalItem } from '../../../shared/api/types';
import { markMessagesRead, useMessageReads, useWithdrawals, type Synced } from '../../data';
import { formatDateTime, formatUsd } from '../../i18n';
import { EmptyState, SyncedSection } from '../../ui';
import { useAddedAccounts, useDeposits } from './contentApi';
import { ContentLoading } from './parts';

/** One message about the member's account: a withdrawal decided or cancelled, an account added, or a credit. */
type AccountMessage =
  | { kind: 'decision'; time: number; item: WithdrawalItem }
  | { kind: 'added'; time: number; item: AddedAccount }
  | { kind: 'deposit'; time: number; item: DepositItem };

/** What was unread when the member opened the messages. */
function NewMark() {
  const { t } = useLingui();
  return <span className="message-new">{t({ message: 'New', context: 'an unread message' })}</span>;
}

/** The title of a withdrawal's message by what became of it. */
function DecisionTitle({ status }: { status: WithdrawalItem['status'] }) {
  const { t } = useLingui();
  if (status === 'paid') return <>{t`Withdrawal paid`}</>;
  if (status === 'cancelled') return <>{t`Withdrawal cancelled`}</>;
  return <>{t`Withdrawal rejected`}</>;
}

/** One message of the list: its kind, its title (New while unread), when it happened, and what it says. */
function MessageItem({
  status,
  title,
  time,
  unread,
  children,
}: {
  status: string;
  title: ReactNode;
  time: number;
  unread: boolean;
  children: ReactNode;
}) {
  return (
    <li
      className={`message${unread ? ' is-unread' : ''}`}
      data-testid="account-message"
      data-status={status}
      data-unread={unread || undefined}
    >
      <div className="message-head">
        <span className="message-head-text">
          <span className="message-title" data-testid="message-title">
            {title}
            {unread && <NewMark />}
          </span>
          <time className="article-date" dateTime={new Date(time).toISOString()}>
            {formatDateTime(time)}
          </time>
        </span>
      </div>
      <p className="message-text" data-testid="message-text">
        {children}
      </p>
    </li>
  );
}

/**
 * One decision on a withdrawal (paid, with the operator's reference; rejected, with why) or its
 * cancel by the member, said in the member's language whatever language it was made in.
 */
function DecisionMessage({ item, unread }: { item: WithdrawalItem; unread: boolean }) {
  const { t } = useLingui();
  const money = formatUsd(item.money);
  const account = item.account;
  const note = item.note;
  let text: string;
  if (item.status === 'paid') {
    text = note
      ? t`Your withdrawal of ${money} USD to ${account} has been paid. Operator's note: ${note}`
      : t`Your withdrawal of ${money} USD to ${account} has been paid.`;
  } else if (item.status === 'cancelled') {
    text = t`You cancelled your withdrawal of ${money} USD to ${account}. The amount is back in your balance.`;
  } else {
    text = note
      ? t`Your withdrawal of ${money} USD to ${account} was rejected: ${note}. The amount is back in your balance.`
      : t`Your withdrawal of ${money} USD to ${account} was rejected. The amount is back in your balance.`;
  }
  return (
    <MessageItem
      status={item.status}
      title={<DecisionTitle status={item.status} />}
      time={item.decidedAt ?? item.time}
      unread={unread}
    >
      {text}
    </MessageItem>
  );
}

/** A withdrawal account added: when it can receive withdrawals, and what to do if it was not the member. */
function AddedMessage({ item, unread }: { item: AddedAccount; unread: boolean }) {
  const { t } = useLingui();
  const ending = item.ending;
  const from = formatDateTime(item.availableAt);
  return (
    <MessageItem status="added" title={t`Withdrawal account added`} time={item.addedAt} unread={unread}>
      {item.removedAt === null
        ? t`An account ending ${ending} was added; withdrawals to it are possible from ${from}.`
        : t`An account ending ${ending} was added, and has since been deleted.`}{' '}
      {t`If it was not you, change your passwords and log out your other devices.`}
    </MessageItem>
  );
}

/** An operator's credit: the amount and the reference the operator gave it. */
function DepositMessage({ item, unread }: { item: DepositItem; unread: boolean }) {
  const { t } = useLingui();
  const money = formatUsd(item.money);
  const reference = item.reference;
  return (
    <MessageItem status="deposit" title={t`Money added`} time={item.time} unread={unread}>
      {reference
        ? t`${money} USD was added to your balance. Reference: ${reference}`
        : t`${money} USD was added to your balance.`}
    </MessageItem>
  );
}

/** The member's reads as one: rows once all have answered (or failed), the stalest state of them. */
function together(
  withdrawals: Synced<WithdrawalItem[]>,
  added: Synced<AddedAccount[]>,
  deposits: Synced<DepositItem[]>,
): Synced<AccountMessage[]> {
  const reads = [withdrawals, added, deposits];
  const isLoading = reads.some((read) => read.isLoading);
  const some = reads.some((read) => read.data !== undefined);
  const messages: AccountMessage[] = [
    ...(withdrawals.data ?? [])
      .filter((item) => item.status !== 'pending')
      .map((item) => ({ kind: 'decision' as const, time: item.decidedAt ?? item.time, item })),
    ...(added.data ?? []).map((item) => ({ kind: 'added' as const, time: item.addedAt, item })),
    ...(deposits.data ?? []).map((item) => ({ kind: 'deposit' as const, time: item.time, item })),
  ].sort((a, b) => b.time - a.time);
  const times = reads.map((read) => read.updatedAt).filter((time): time is number => time !== null);
  return {
    data: some && !isLoading ? messages : undefined,
    status: reads.every((read) => read.status === 'fresh') ? 'fresh' : some ? 'stale' : 'empty',
    updatedAt: times.length > 0 ? Math.min(...times) : null,
    error: reads.find((read) => read.error)?.error,
    isLoading,
    isValidating: reads.some((read) => read.isValidating),
    refresh: async () => {
      await Promise.all(reads.map((read) => read.refresh()));
    },
  };
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
 * Messages to the member about their own account, newest first: each withdrawal the operator paid
 * or rejected, each credit the operator made, and each withdrawal account added (so a member whose session was used by someone
 * else learns of a new account within its 24-hour hold). Made from the member's withdrawals and
 * accounts (cached, so they read offline), not stored twice; what is read of them is the server's
 * (useMessageReads), so every device of the member agrees. `shown`: the member is looking at them
 * (their tab open on the page shown).
 */
export function AccountMessages({ shown }: { shown: boolean }) {
  const { t } = useLingui();
  const messages = together(useWithdrawals(), useAddedAccounts(), useDeposits());
  const times = (messages.data ?? []).map((message) => message.time);
  const unreadAfter = useReadOnSight(shown, times.length > 0 ? Math.max(...times) : null);
  // A withdrawal the member cancelled is no news to them (the server does not count it either).
  const isUnread = (message: AccountMessage) =>
    unreadAfter !== null &&
    message.time > unreadAfter &&
    !(message.kind === 'decision' && message.item.status === 'cancelled');
  return (
    <SyncedSection
      synced={messages}
      unavailableTitle={t`Messages unavailable`}
      loading={<ContentLoading />}
      empty={
        <EmptyState title={t`No messages yet`} text={t`Messages about your account will appear here.`} icon="inbox" />
      }
    >
      {(list) => (
        <ul className="message-list card">
          {list.map((message) =>
            message.kind === 'decision' ? (
              <DecisionMessage key={`w${message.item.id}`} item={message.item} unread={isUnread(message)} />
            ) : message.kind === 'added' ? (
              <AddedMessage key={`a${message.item.id}`} item={message.item} unread={isUnread(message)} />
            ) : (
              <DepositMessage key={`d${message.item.id}`} item={message.item} unread={isUnread(message)} />
            ),
          )}
        </ul>
      )}
    </SyncedSection>
  );
}
