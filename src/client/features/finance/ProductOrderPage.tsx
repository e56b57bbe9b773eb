import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Finance sub-page; filled by the finance issue. */
export default function ProductOrderPage() {
  const { t } = useLingui();
  return (
    <Page title={t`My lock-ups`} backTo="/finance">
      <EmptyState title={t`No lock-ups yet`} text={t`Your lock-up orders will be listed here.`} icon="receipt" />
    </Page>
  );
}
