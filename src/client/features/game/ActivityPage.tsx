import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** The game room; filled by the game issue. */
export default function ActivityPage() {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  return (
    <Page title={t`Game room`}>
      <EmptyState title={t`This room is not open yet`} text={t`Room ${id} will open here.`} icon="chart" />
    </Page>
  );
}
