import { t } from '@lingui/core/macro';
import { ErrorCode, type Refusal } from '../../shared/errors';
import { formatMoney } from './format';
import { messageOf } from './messages';

/**
 * A room refused on entry, said so the member knows what to do next: a balance under the room's
 * minimum (2004) says what the room needs, what the member has, and where money is added, instead
 * of the bare "balance cannot be less than". Other refusals are said as their code says them.
 */
export function roomEntryText(refusal: Refusal, balanceCents: number): string {
  const minimum = refusal.values?.num;
  if (refusal.code !== ErrorCode.BalanceBelowMinJoin || typeof minimum !== 'object' || !('cents' in minimum))
    return messageOf(refusal);
  const needed = formatMoney(minimum.cents);
  const have = formatMoney(balanceCents);
  return t`This room needs at least ${needed} USD in your balance; you have ${have} USD. Recharge says how to add money.`;
}
