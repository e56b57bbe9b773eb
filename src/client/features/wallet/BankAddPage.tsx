import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Add bank card; filled by the wallet issue. */
export default function BankAddPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Add account`} backTo="/banklist">
      <EmptyState
        title={t`Adding accounts is not open yet`}
        text={t`Adding a bank or USDT account is not available in this version.`}
        icon="card"
      />
    </Page>
  );
}
