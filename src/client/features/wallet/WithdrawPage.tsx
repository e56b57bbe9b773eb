import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Withdrawal form; filled by the wallet issue. */
export default function WithdrawPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Withdraw`} backTo="/user">
      <EmptyState
        title={t`Withdrawals are not open yet`}
        text={t`Withdrawing to your saved accounts is not available in this version.`}
        icon="wallet"
      />
    </Page>
  );
}
