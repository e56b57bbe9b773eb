import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';
import { pathTo } from '../../routing/paths';

/**
 * My holdings (/productorder). No call lists lock-up holdings (transfers are arranged with customer
 * service), so the page says so plainly instead of showing an invented list.
 */
export default function ProductOrderPage() {
  const { t } = useLingui();
  return (
    <Page title={t`My holdings`} backTo={pathTo('finance')}>
      <EmptyState
        title={t`No holdings`}
        text={t`Lock-ups are arranged with customer service; the app has no holdings to list.`}
        icon="receipt"
        action={
          <Link href={pathTo('finance')} className="btn btn-secondary">
            {t`See the tiers`}
          </Link>
        }
      />
    </Page>
  );
}
