import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { BankCard } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { confirmDialog, toast } from '../../ui';
import { cardSummary, cardTypeName } from './cards';

/** Deleting a saved account, after asking; one at a time. */
export function useDeleteBankCard() {
  const { t, i18n } = useLingui();
  const [deleting, setDeleting] = useState<number | null>(null);
  const remove = useWrite(ApiPath.deleteBankCard);

  async function onDelete(card: BankCard) {
    if (deleting !== null) return;
    const offline = remove.refusal();
    if (offline !== null) return void toast.warn(offline);
    const type = cardTypeName(i18n, card.type);
    const summary = cardSummary(card);
    const confirmed = await confirmDialog({
      title: t`Delete this account?`,
      message: t`${type}: ${summary}. You can add it again later.`,
      confirmLabel: t`Delete`,
      cancelLabel: t`Keep it`,
      tone: 'danger',
    });
    if (!confirmed) return;
    setDeleting(card.id);
    // A refusal was toasted by the API client in the member's language; no answer is toasted here.
    const result = await remove.send({ id: card.id });
    if (result.ok) toast.success(t`Account deleted`);
    else if (!result.refused && result.text) toast.warn(result.text);
    if (result.ok) await result.changed;
    setDeleting(null);
  }

  return { deleting, onDelete };
}
