import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { projectTier } from '../../../shared/finance';
import type { FinanceProduct } from '../../../shared/api/types';
import { Page } from '../../ui';
import { findTier, useFinanceProducts, useProductId } from './financeApi';
import { TierProjection, TierTerms } from './TierFigures';
import { TierNotFound, TiersSection } from './TierState';
import { pathTo } from '../../routing/paths';
import './finance.css';
import { formatMoney, formatUsd, formatPercent } from '../../i18n';

/** One tier (/productdetail?id=N): its published figures and how its projection is worked out. */
export default function ProductDetailPage() {
  const { t } = useLingui();
  const products = useFinanceProducts();
  const id = useProductId();
  return (
    <Page title={t`Product details`} backTo={pathTo('finance')} className="finance-page">
      <TiersSection products={products}>
        {(list) => {
          const found = findTier(list, id);
          return found ? <TierDetail product={found.product} position={found.position} /> : <TierNotFound />;
        }}
      </TiersSection>
    </Page>
  );
}

function TierDetail({ product, position }: { product: FinanceProduct; position: number }) {
  const { t } = useLingui();
  const projection = projectTier(product);
  const minimum = formatUsd(product.minimum);
  const rate = formatPercent(product.dailyRate);
  const days = product.days;
  const total = projection ? formatMoney(projection.totalCents) : '';
  return (
    <section className="card tier-card" aria-labelledby="tier-detail-title" data-testid="tier-detail">
      <h2 id="tier-detail-title" className="tier-title">
        {t`Tier ${position}`}
      </h2>
      <TierTerms product={product} />
      <TierProjection product={product} />
      {projection && (
        <p className="text-muted" data-testid="projection-working">
          {t`${minimum} USD × ${rate} a day × ${days} days = ${total} USD, simple interest.`}
        </p>
      )}
      <div className="tier-actions">
        <Link href={pathTo('productRule')} className="btn btn-secondary btn-small">
          {t`Rules`}
        </Link>
        <Link href={pathTo('productTransferIn', {}, { id: product.id })} className="btn btn-primary btn-small">
          {t`Transfer in`}
        </Link>
      </div>
    </section>
  );
}
