import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Finance sub-page; filled by the finance issue. */
export default function ProductTransferInPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Transfer in`} backTo="/finance">
      <EmptyState
        title={t`Transfers are not open`}
        text={t`Transferring into the mining pool is not available in this version.`}
        icon="wallet"
      />
    </Page>
  );
}
