import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Rooms by coin (tabs USDT, BTC, ETH); filled by the game issue. */
export default function RoomListPage() {
  const { t } = useLingui();
  const { type = '1' } = useParams<{ type: string }>();
  return (
    <Page title={type === '1' ? t`VIP rooms` : t`Rooms`}>
      <EmptyState title={t`No rooms yet`} text={t`Rooms will be listed here.`} icon="crown" />
    </Page>
  );
}
