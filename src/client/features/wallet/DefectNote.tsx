import { useLingui } from '@lingui/react/macro';

/** Why a saved address receives no withdrawal (it fails its network's checksum), and what to do. */
export function DefectNote() {
  const { t } = useLingui();
  return (
    <span className="wallet-inline-error wallet-defect" role="note" data-testid="account-defect">
      {t`This address does not pass its network's checksum, so nobody can hold it: no withdrawal is sent to it. Delete it and add the address again, copied from your wallet.`}
    </span>
  );
}
