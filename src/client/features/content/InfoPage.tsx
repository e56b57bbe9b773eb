import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Article by id or type; filled by the content issue. */
export default function InfoPage() {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  return (
    <Page title={t`Information`}>
      <EmptyState title={t`Article not available yet`} text={t`Article ${id} will be shown here.`} icon="book" />
    </Page>
  );
}
