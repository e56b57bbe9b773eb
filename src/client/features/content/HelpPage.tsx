import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Help article; filled by the content issue. */
export default function HelpPage() {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  return (
    <Page title={t`Help`} backTo="/help/list">
      <EmptyState title={t`Article not available yet`} text={t`Article ${id} will be shown here.`} icon="book" />
    </Page>
  );
}
