import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { Synced } from '../../data';
import { EmptyState, UnavailableState } from '../../ui';
import type { FinanceProduct } from '../../../shared/api/types';

/** The tiers could not be read and none are cached: why, and a way to try again. */
export function TiersUnavailable({ products }: { products: Synced<FinanceProduct[]> }) {
  const { t } = useLingui();
  return (
    <UnavailableState
      title={t`Tiers unavailable`}
      failedText={t`The tiers could not be loaded. Try again in a moment.`}
      offlineText={t`You are offline. The tiers will appear once you are back online.`}
      onRetry={() => void products.refresh()}
    />
  );
}

/** What a tier page shows instead of the tier: loading, unreachable, or no such tier. */
export function TierMissing({ products }: { products: Synced<FinanceProduct[]> }) {
  const { t } = useLingui();
  if (products.isLoading)
    return <div className="card tier-card tier-skeleton skeleton" aria-busy="true" aria-label={t`Loading`} />;
  if (!products.data) return <TiersUnavailable products={products} />;
  return (
    <EmptyState
      title={t`Tier not found`}
      text={t`This tier is not (or no longer) published.`}
      icon="info"
      action={
        <Link href="/finance" className="btn btn-secondary">
          {t`See all tiers`}
        </Link>
      }
    />
  );
}
