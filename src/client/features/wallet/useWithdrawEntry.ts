import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { confirmDialog, navigate } from '../../ui';
import { loadWithdrawEntry } from './walletApi';
import { pathTo } from '../../routing/paths';

/**
 * On each entry to the withdraw page (it is kept alive): fresh facts, then the dialogs a member
 * with no account, or no withdrawal password, needs first (SPEC.md section 4).
 */
export function useWithdrawEntry(active: boolean): void {
  const { t } = useLingui();
  useEffect(() => {
    if (!active) return;
    let live = true;
    void (async () => {
      const facts = await loadWithdrawEntry();
      if (!live) return;
      if (facts.cards && facts.cards.length === 0) {
        const toList = await confirmDialog({
          title: t`No withdrawal account`,
          message: t`Add a bank account or a USDT address first, then come back to withdraw.`,
          confirmLabel: t`Add account`,
          cancelLabel: t`Not now`,
        });
        if (!live) return;
        if (toList) {
          navigate(pathTo('bankList'));
          return;
        }
      }
      const noPassword = facts.left?.hasPayPassword === false || facts.profile?.noPassword2 === 1;
      if (noPassword) {
        const toPassword = await confirmDialog({
          title: t`No withdrawal password`,
          message: t`Set a withdrawal password to protect your withdrawals.`,
          confirmLabel: t`Set password`,
          cancelLabel: t`Not now`,
        });
        if (live && toPassword) navigate(pathTo('payPassword'));
      }
    })();
    return () => {
      live = false;
    };
    // Runs on entry only; the texts are read once per entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}
