import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { Synced } from '../../data';
import { useBrowserOnline } from '../../data';
import { EmptyState } from '../../ui';
import type { FinanceProduct } from '../../../shared/api/types';

/** The tiers could not be read and none are cached: why, and a way to try again. */
export function TiersUnavailable({ products }: { products: Synced<FinanceProduct[]> }) {
  const { t } = useLingui();
  const online = useBrowserOnline();
  return (
    <EmptyState
      title={t`Tiers unavailable`}
      text={
        online
          ? t`The tiers could not be loaded. Try again in a moment.`
          : t`You are offline. The tiers will appear once you are back online.`
      }
      icon="cloudOff"
      action={
        <button type="button" className="btn btn-secondary" onClick={() => void products.refresh()}>
          {t`Try again`}
        </button>
      }
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
