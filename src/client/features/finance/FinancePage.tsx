import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { FinanceProduct } from '../../../shared/api/types';
import { EmptyState, Icon, Page } from '../../ui';
import { useFinanceProducts } from './financeApi';
import { TierProjection, TierTerms } from './TierFigures';
import { TiersSection } from './TierState';
import { pathTo } from '../../routing/paths';
import './finance.css';

function TierCard({ product, position }: { product: FinanceProduct; position: number }) {
  const { t } = useLingui();
  const headingId = `tier-${product.id}-title`;
  return (
    <li className="card tier-card" data-testid="finance-tier" aria-labelledby={headingId}>
      <h2 id={headingId} className="tier-title">
        {t`Tier ${position}`}
      </h2>
      <TierTerms product={product} />
      <TierProjection product={product} />
      <div className="tier-actions">
        <Link href={pathTo('productDetail', {}, { id: product.id })} className="btn btn-secondary btn-small">
          {t`Details`}
        </Link>
        <Link href={pathTo('productTransferIn', {}, { id: product.id })} className="btn btn-primary btn-small">
          {t`Transfer in`}
        </Link>
      </div>
    </li>
  );
}

/** Mining pool (/finance): the operator's lock-up tiers, each with its projection. */
export default function FinancePage() {
  const { t } = useLingui();
  const products = useFinanceProducts();

  const actions = (
    <Link href={pathTo('productRule')} className="icon-btn" aria-label={t`Rules`}>
      <Icon name="book" />
    </Link>
  );

  return (
    <Page title={t`Mining pool`} actions={actions} className="finance-page">
      <section className="card finance-what" data-testid="finance-what" aria-label={t`What these products are`}>
        <p>
          {t`These lock-up products are listed by the operator. The app does not run them: no money for them moves through the app or your balance here, and transfers are arranged with customer service.`}
        </p>
        <p className="text-muted">{t`Figures are projections at the published rate, not guaranteed returns.`}</p>
      </section>
      <nav className="finance-links" aria-label={t`Mining pool pages`}>
        <Link href={pathTo('productOrder')} className="chip">
          <Icon name="receipt" size={18} />
          {t`My holdings`}
        </Link>
        <Link href={pathTo('productRule')} className="chip">
          <Icon name="book" size={18} />
          {t`Rules`}
        </Link>
      </nav>
      <TiersSection
        products={products}
        loading={
          <ul className="tier-list" aria-busy="true" aria-label={t`Loading`}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="card tier-card tier-skeleton skeleton" />
            ))}
          </ul>
        }
        empty={
          <EmptyState
            title={t`No tiers published`}
            text={t`The operator has not published any lock-up tiers.`}
            icon="chart"
          />
        }
      >
        {(list) => (
          <ul className="tier-list" aria-label={t`Tiers`}>
            {list.map((product, i) => (
              <TierCard key={product.id} product={product} position={i + 1} />
            ))}
          </ul>
        )}
      </TiersSection>
    </Page>
  );
}
