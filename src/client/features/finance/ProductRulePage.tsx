import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Finance sub-page; filled by the finance issue. */
export default function ProductRulePage() {
  const { t } = useLingui();
  return (
    <Page title={t`Product rules`} backTo="/finance">
      <EmptyState
        title={t`No rules published yet`}
        text={t`The rules of the mining pool will be shown here.`}
        icon="book"
      />
    </Page>
  );
}
