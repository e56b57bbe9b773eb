import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { Synced } from '../../data';
import { EmptyState, SyncedSection } from '../../ui';
import type { FinanceProduct } from '../../../shared/api/types';
import { pathTo } from '../../routing/paths';

/** The published tiers as every finance page reads them: loading, unavailable with a retry, or the page's view. */
export function TiersSection({
  products,
  loading,
  empty,
  children,
}: {
  products: Synced<FinanceProduct[]>;
  loading?: ReactNode;
  empty?: ReactNode;
  children: (list: FinanceProduct[]) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <SyncedSection
      synced={products}
      unavailableTitle={t`Tiers unavailable`}
      unavailableText={t`The tiers could not be loaded. Try again in a moment.`}
      offlineText={t`You are offline. The tiers will appear once you are back online.`}
      loading={
        loading ?? <div className="card tier-card tier-skeleton skeleton" aria-busy="true" aria-label={t`Loading`} />
      }
      empty={empty}
    >
      {children}
    </SyncedSection>
  );
}

/** A tier page whose tier is not (or no longer) published. */
export function TierNotFound() {
  const { t } = useLingui();
  return (
    <EmptyState
      title={t`Tier not found`}
      text={t`This tier is not (or no longer) published.`}
      icon="info"
      action={
        <Link href={pathTo('finance')} className="btn btn-secondary">
          {t`See all tiers`}
        </Link>
      }
    />
  );
}
