import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** News (9) and announcements (14); filled by the content issue. */
export default function MessagesPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Messages`} backTo="/user">
      <EmptyState title={t`No messages yet`} text={t`News and announcements will appear here.`} icon="inbox" />
    </Page>
  );
}
