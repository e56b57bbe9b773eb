import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WithdrawalItem } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { refreshProfile, revalidate, useWrite, withdrawalsQuery } from '../../data';
import { formatUsd } from '../../i18n';
import { confirmDialog, toast } from '../../ui';
import { refreshLeftMoney } from './walletApi';

/**
 * Cancelling a withdrawal still waiting for the operator, after asking; one at a time. The amount
 * comes back to the balance; the list, the withdrawable amount and the balance are read again,
 * after a refusal too (the operator may have paid it meanwhile: 3012, toasted in the server's words).
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
    setCancelling(null);
    await Promise.all([revalidate(withdrawalsQuery.key, withdrawalsQuery.fetch), refreshLeftMoney(), refreshProfile()]);
  }

  return { cancelling, onCancel };
}
