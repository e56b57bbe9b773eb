import { useRef, useState, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { MessageKey, refuse } from '../../../shared/errors';
import type { OwnOrderItem } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf, useOutcomeName, formatUsd } from '../../i18n';
import { confirmDialog, toast } from '../../ui';

/** Cancelling one of the member's own lines before the round closes, after asking. */
export function useCancelOrder(roomid: number, closed: RefObject<boolean>, onDone: () => void) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancel = useWrite(ApiPath.gameCancel);
  const asking = useRef(false);
  // Checked before asking and again after: the round may close while the dialog is open.
  const refusal = () => cancel.refusal() ?? (closed.current ? messageOf(refuse(MessageKey.Stopped)) : null);

  async function onCancel(order: OwnOrderItem) {
    // A double tap asks once and cancels once: a second confirmation would only meet a refusal.
    if (asking.current) return;
    asking.current = true;
    try {
      await askAndCancel(order);
    } finally {
      asking.current = false;
    }
  }

  async function askAndCancel(order: OwnOrderItem) {
    const before = refusal();
    if (before) return toast.warn(before);
    const name = nameOf(order.value);
    const money = formatUsd(order.money);
    const seqno = order.seqno;
    const confirmed = await confirmDialog({
      title: t`Cancel this order?`,
      message: t`${name}, ${money} USD in round ${seqno}. The amount goes back to your balance.`,
      confirmLabel: t`Cancel order`,
      cancelLabel: t`Keep it`,
      tone: 'danger',
    });
    if (!confirmed) return;
    const after = refusal();
    if (after) return toast.warn(after);
    setCancelling(order.order_id);
    // 2002 / 2003 and the other refusals were toasted by the API client; no answer is toasted here.
    const result = await cancel.send({ roomid, order_id: order.order_id });
    if (result.ok) toast.success(t`Order cancelled: ${money} USD is back in your balance`);
    else if (!result.refused && result.text) toast.warn(result.text);
    setCancelling(null);
    onDone();
  }

  return { cancelling, onCancel };
}
