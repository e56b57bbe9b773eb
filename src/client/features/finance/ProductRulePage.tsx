import { Plural, useLingui } from '@lingui/react/macro';
import { FINANCE_TRANSFER_MAX_USD, FINANCE_TRANSFER_MIN_USD } from '../../../shared/constants';
import { Page } from '../../ui';
import { useFinanceProducts } from './financeApi';
import { TiersSection } from './TierState';
import { pathTo } from '../../routing/paths';
import './finance.css';
import { formatUsd, formatPercent } from '../../i18n';

/** The mining pool's rules (/productrule), written from the published tiers and the transfer limits. */
export default function ProductRulePage() {
  const { t } = useLingui();
  const products = useFinanceProducts();
  const min = formatUsd(FINANCE_TRANSFER_MIN_USD);
  const max = formatUsd(FINANCE_TRANSFER_MAX_USD);

  return (
    <Page title={t`Product rules`} backTo={pathTo('finance')} className="finance-page">
      <h2 className="section-title">{t`Tiers`}</h2>
      <TiersSection
        products={products}
        empty={<p className="text-muted">{t`The operator has not published any lock-up tiers.`}</p>}
      >
        {(list) => (
          <div className="card finance-table-card">
            <table className="finance-table" data-testid="rule-tiers">
              <thead>
                <tr>
                  <th scope="col">{t`Minimum (USD)`}</th>
                  <th scope="col">{t`Daily rate`}</th>
                  <th scope="col">{t`Lock-up`}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((product) => {
                  const days = product.days;
                  return (
                    <tr key={product.id}>
                      <td>{formatUsd(product.minimum)}</td>
                      <td>{formatPercent(product.dailyRate)}</td>
                      <td>
                        <Plural value={days} one="# day" other="# days" />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </TiersSection>

      <h2 className="section-title">{t`Rules`}</h2>
      <ol className="card finance-rules" data-testid="rules">
        <li>{t`An amount transferred in is from ${min} to ${max} USD.`}</li>
        <li>{t`Each tier has a minimum amount; the amount stays locked for the tier's number of days.`}</li>
        <li>{t`Projected earnings are simple interest: amount × daily rate × days, for the lock-up only.`}</li>
        <li>{t`Projections apply the published rate to an amount. They are not guaranteed returns.`}</li>
        <li>{t`Transfers into the mining pool are not available online: they are arranged with customer service.`}</li>
      </ol>
    </Page>
  );
}
