import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Bank list; filled by the wallet issue. */
export default function BankListPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Withdrawal accounts`} backTo="/my_set">
      <EmptyState
        title={t`No accounts yet`}
        text={t`Your saved bank and USDT accounts will be listed here.`}
        icon="card"
      />
    </Page>
  );
}
