import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Finance sub-page; filled by the finance issue. */
export default function ProductDetailPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Product details`} backTo="/finance">
      <EmptyState title={t`No details yet`} text={t`Product figures will be shown here.`} icon="chart" />
    </Page>
  );
}
