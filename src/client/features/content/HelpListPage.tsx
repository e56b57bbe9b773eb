import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Article list of category 9; filled by the content issue. */
export default function HelpListPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Help`}>
      <EmptyState title={t`No help articles yet`} text={t`Help articles will be listed here.`} icon="book" />
    </Page>
  );
}
