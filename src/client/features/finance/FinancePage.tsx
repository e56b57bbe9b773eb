import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Mining-pool product list; filled by the finance issue. */
export default function FinancePage() {
  const { t } = useLingui();
  return (
    <Page title={t`Mining pool`}>
      <EmptyState title={t`No products yet`} text={t`Lock-up products will be listed here.`} icon="chart" />
    </Page>
  );
}
