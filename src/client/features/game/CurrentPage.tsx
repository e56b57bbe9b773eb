import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Placeholder page of the spec (/current/:id). */
export default function CurrentPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Current round`}>
      <EmptyState title={t`Nothing to show yet`} text={t`Round details will appear here.`} icon="info" />
    </Page>
  );
}
