import { Plural, useLingui } from '@lingui/react/macro';
import type { FinanceProduct } from '../../../shared/api/types';
import { projectTier } from '../../../shared/finance';
import { formatMoney, formatUsd, formatPercent } from '../../i18n';

/** A tier's published figures: minimum, daily rate, lock-up length. */
export function TierTerms({ product }: { product: FinanceProduct }) {
  const { t } = useLingui();
  const minimum = formatUsd(product.minimum);
  const days = product.days;
  return (
    <dl className="tier-terms">
      <div>
        <dt>{t`Minimum`}</dt>
        <dd data-testid="tier-minimum">{t`${minimum} USD`}</dd>
      </div>
      <div>
        <dt>{t`Daily rate`}</dt>
        <dd data-testid="tier-rate">{formatPercent(product.dailyRate)}</dd>
      </div>
      <div>
        <dt>{t`Lock-up`}</dt>
        <dd data-testid="tier-days">
          <Plural value={days} one="# day" other="# days" />
        </dd>
      </div>
    </dl>
  );
}

/**
 * What the tier would earn on an amount if its published rate held, clearly labelled as a
 * projection (DESIGN.md section 3: operator figures are labelled as what they are).
 */
export function TierProjection({ product, amount }: { product: FinanceProduct; amount?: number }) {
  const { t } = useLingui();
  const base = amount ?? product.minimum;
  const projection = projectTier({ ...product, minimum: base });
  const on = formatUsd(base);
  return (
    <section className="tier-projection" aria-label={t`Projection`} data-testid="tier-projection">
      <p className="tier-projection-title">
        <span className="tier-projection-label">{t`Projection`}</span>
        <span>{t`on ${on} USD · projected, not guaranteed`}</span>
      </p>
      {projection ? (
        <dl className="tier-projection-figures">
          <div>
            <dt>{t`Per day (USD)`}</dt>
            <dd data-testid="projection-daily">{formatMoney(projection.dailyCents)}</dd>
          </div>
          <div>
            <dt>{t`Whole lock-up (USD)`}</dt>
            <dd data-testid="projection-total">{formatMoney(projection.totalCents)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted">{t`No projection: this tier's figures are incomplete.`}</p>
      )}
    </section>
  );
}
