import { ApiPath } from '../../../shared/api/paths';
import { loadEventSchemas } from '../../api/answers';
import type { MemberEvent, UserInfo } from '../../../shared/api/types';
import { queryKey, type KeyPrefix } from '../key';
import { getQueryData, invalidate, setQueryData } from '../sync';
import { droppedEvent } from './dropped';

/**
 * What each event of the member's stream changes, in one place (as changes.ts names what each
 * write changes): the reads under these prefixes are asked again where shown and no longer count
 * as confirmed elsewhere. The balance itself is written from the event (memberEventWriter).
 */
export function changedByMemberEvent(event: MemberEvent): readonly KeyPrefix[] {
  switch (event.type) {
    case 'snapshot':
      return [[ApiPath.leftMoney], [ApiPath.financeFlow]];
    case 'balance':
      // An operator's credit is also a message to the member (the messages page and its count).
      return event.reason === 'deposit'
        ? [[ApiPath.leftMoney], [ApiPath.financeFlow], [ApiPath.deposits], [ApiPath.messageReads]]
        : [[ApiPath.leftMoney], [ApiPath.financeFlow]];
    case 'settled':
      return [[ApiPath.gameLog], [ApiPath.todayWinLost], [ApiPath.leftMoney]];
    case 'withdrawal':
      return [[ApiPath.withdrawals], [ApiPath.leftMoney], [ApiPath.financeFlow], [ApiPath.messageReads]];
    case 'message':
      return [
        [ApiPath.oneClassArticle, { type: event.category }],
        [ApiPath.articleList, { type: event.category }],
      ];
  }
}

/**
 * Writes the member's events through the query cache, in the order they came, while the session
 * they were asked for is still the current one (after a logout nothing is kept): each is checked
 * against the shared schema (a wrong one is dropped), the balance written into the profile row,
 * and what the event changed invalidated by prefix.
 */
export function memberEventWriter(isCurrent: () => boolean): (event: unknown) => Promise<void> {
  let queue = Promise.resolve();
  const profileKey = queryKey(ApiPath.userInfo, {});

  async function write(raw: unknown): Promise<void> {
    const { MemberEventSchema } = await loadEventSchemas();
    const parsed = MemberEventSchema.safeParse(raw);
    if (!parsed.success) return droppedEvent('member', raw, parsed.error);
    const event = parsed.data;
    if (!isCurrent()) return;
    if (event.type === 'snapshot' || event.type === 'balance') {
      const profile = await getQueryData<UserInfo>(profileKey);
      // A snapshot that agrees with what is shown changed nothing while the stream was away.
      if (event.type === 'snapshot' && profile?.data.money === event.balance) return;
      if (profile && isCurrent()) await setQueryData<UserInfo>(profileKey, { ...profile.data, money: event.balance });
    }
    if (isCurrent()) await invalidate(changedByMemberEvent(event));
  }

  return (event) => {
    queue = queue
      .then(() => write(event))
      .catch((error: unknown) => console.warn('[live] member event not kept', error));
    return queue;
  };
}
