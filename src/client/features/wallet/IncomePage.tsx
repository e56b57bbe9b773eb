import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Fund log; filled by the wallet issue. */
export default function IncomePage() {
  const { t } = useLingui();
  return (
    <Page title={t`Income`} backTo="/user">
      <EmptyState title={t`No entries yet`} text={t`Your fund log will be listed here.`} icon="receipt" />
    </Page>
  );
}
