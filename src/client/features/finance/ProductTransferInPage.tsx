import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FINANCE_TRANSFER_MAX_USD, FINANCE_TRANSFER_MIN_USD } from '../../../shared/constants';
import { MessageKey, type Refusal } from '../../../shared/errors';
import { sanitizeAmountInput, toCents, toUsd, wireCents } from '../../../shared/money';
import { validateFinanceTransfer } from '../../../shared/validation/wallet';
import { useConfig } from '../../data';
import { messageOf, formatUsd } from '../../i18n';
import { FormError, Icon, Page, SubmitButton, TextField, ContactServiceButton } from '../../ui';
import { findTier, useFinanceProducts, useProductId } from './financeApi';
import { TierProjection, TierTerms } from './TierFigures';
import { pathTo } from '../../routing/paths';
import './finance.css';

/** The catalogue text of a refusal, with the range's amounts written as money (100,000.00). */
function refusalText(refusal: Refusal): string {
  if (refusal.code === MessageKey.TransferRange) {
    return messageOf({
      ...refusal,
      values: { min: formatUsd(FINANCE_TRANSFER_MIN_USD), max: formatUsd(FINANCE_TRANSFER_MAX_USD) },
    });
  }
  return messageOf(refusal);
}

/**
 * Transfer in (/producttransferin?id=N). The amount is checked by the rules of SPEC.md section 5;
 * a valid amount gets the plain answer that transfers are not available online and the way to
 * customer service, as the recharge page does for deposits. Nothing is sent.
 */
export default function ProductTransferInPage() {
  const { t } = useLingui();
  const products = useFinanceProducts();
  const found = findTier(products.data, useProductId());
  const serviceUrl = useConfig().data?.serviceUrl ?? '';
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<number | null>(null);
  const noticeId = useId();
  const position = found?.position ?? 0;
  const min = formatUsd(FINANCE_TRANSFER_MIN_USD);
  const max = formatUsd(FINANCE_TRANSFER_MAX_USD);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAccepted(null);
    const refusal = validateFinanceTransfer(amount);
    if (refusal) {
      setError(refusalText(refusal));
      return;
    }
    const cents = toCents(amount) ?? 0;
    if (found && cents < wireCents(found.product.minimum)) {
      const tierMinimum = formatUsd(found.product.minimum);
      setError(t`This tier starts at ${tierMinimum} USD.`);
      return;
    }
    setError(null);
    setAccepted(toUsd(cents));
  }

  return (
    <Page title={t`Transfer in`} backTo={pathTo('finance')} className="finance-page">
      {found && (
        <section className="card tier-card" aria-label={t`Chosen tier`} data-testid="transfer-tier">
          <h2 className="tier-title">{t`Tier ${position}`}</h2>
          <TierTerms product={found.product} />
        </section>
      )}
      <form className="form card finance-form" onSubmit={onSubmit} noValidate data-testid="transfer-form">
        <TextField
          label={t`Amount (USD)`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          hint={t`From ${min} to ${max} USD.`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setAmount(sanitizeAmountInput(event.target.value));
            setError(null);
            setAccepted(null);
          }}
        />
        <FormError message={error} />
        <SubmitButton>{t`Continue`}</SubmitButton>
      </form>

      {accepted !== null && (
        <section className="card transfer-result" aria-labelledby={noticeId} data-testid="transfer-unavailable">
          <h2 id={noticeId} className="tier-title">
            {t`Arrange it with customer service`}
          </h2>
          <div className="notice notice-warning" role="status">
            <Icon name="alert" size={22} />
            <p>{t`Transferring into the mining pool is not available online. Contact customer service to arrange it.`}</p>
          </div>
          {found && <TierProjection product={found.product} amount={accepted} />}
          <ContactServiceButton serviceUrl={serviceUrl} />
        </section>
      )}
    </Page>
  );
}
