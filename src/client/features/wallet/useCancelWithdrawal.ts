import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WithdrawalItem } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { fetchQuery, useWrite, withdrawalsQuery } from '../../data';
import { ErrorCode } from '../../../shared/errors';
import { formatUsd } from '../../i18n';
import { confirmDialog, toast } from '../../ui';

/**
 * Cancelling a withdrawal still waiting for the operator, after asking; one at a time. The amount
 * comes back to the balance; the list, the withdrawable amount and the balance are read again,
 * after a refusal too (the operator may have paid it meanwhile: 3012, toasted in the server's words,
 * then what became of it: paid, rejected or cancelled).
 */
export function useCancelWithdrawal() {
  const { t } = useLingui();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const write = useWrite(ApiPath.cancelWithdrawal);

  async function onCancel(item: WithdrawalItem) {
    if (cancelling !== null) return;
    const money = formatUsd(item.money);
    const account = item.account;
    const confirmed = await confirmDialog({
      title: t`Cancel this withdrawal?`,
      message: t`${money} USD to ${account} comes back to your balance, and the operator will not pay it.`,
      confirmLabel: t`Cancel withdrawal`,
      cancelLabel: t`Keep it`,
      tone: 'danger',
    });
    if (!confirmed) return;
    setCancelling(item.id);
    const result = await write.send({ id: item.id });
    if (result.ok) toast.success(t`Withdrawal cancelled: ${money} USD is back in your balance.`);
    else if (!result.refused && result.text) toast.warn(result.text);
    else if (result.refused && result.error.code === ErrorCode.WithdrawalNotCancellable) {
      // Decided meanwhile: say what became of it, as the list (read again) now shows it.
      const now = (await fetchQuery(withdrawalsQuery))?.find((withdrawal) => withdrawal.id === item.id);
      if (now?.status === 'paid') toast.info(t`It was already paid: ${money} USD to ${account}.`);
      else if (now?.status === 'rejected')
        toast.info(t`It was already rejected: ${money} USD is back in your balance.`);
      else if (now?.status === 'cancelled')
        toast.info(t`It was already cancelled: ${money} USD is back in your balance.`);
    }
    setCancelling(null);
  }

  return { cancelling, onCancel };
}
