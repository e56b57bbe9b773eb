import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';
import { pathTo } from '../../routing/paths';

/**
 * Placeholder page of the spec (/current/:id): the spec names the route and nothing on it. The
 * current round lives in the game room, so the page says where to find it instead of promising
 * content that will not come.
 */
export default function CurrentPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Current round`}>
      <EmptyState
        title={t`Rounds are followed in the game room`}
        text={t`Open a game to see its current round, the countdown, the latest results and your orders.`}
        icon="info"
        action={
          <Link href={pathTo('home')} className="btn btn-secondary">
            {t`Choose a game`}
          </Link>
        }
      />
    </Page>
  );
}
