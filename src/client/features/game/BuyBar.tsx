import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { sanitizeAmountInput } from '../../../shared/money';
import { formatMoney } from '../../i18n';
import { FieldError } from '../../ui';

const QUICK_AMOUNTS = [20, 50, 100, 500] as const;

/**
 * Amount per option, the running total, the own-orders button and Buy; stays at the bottom of the
 * screen. When no order can be sent (offline, or the round closed) Buy is disabled and says why
 * (`closedReason`).
 */
export function BuyBar({
  amount,
  selectedCount,
  closedReason,
  amountError,
  onAmount,
  onBuy,
  onOwnOrders,
}: {
  amount: string;
  selectedCount: number;
  closedReason: string | null;
  /** Why Buy refused the amount (not a whole number, under 20, under the room's minimum, over the balance). */
  amountError: string | null;
  onAmount: (amount: string) => void;
  onBuy: () => void;
  onOwnOrders: () => void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const reasonId = useId();
  const errorId = useId();
  const whole = /^[1-9]\d*$/.test(amount.trim()) ? Number(amount.trim()) : null;
  const total = whole !== null && selectedCount > 0 ? formatMoney(whole * selectedCount * 100) : '—';
  return (
    // Three lines at every width: the label with the total, the field with My orders, the quick
    // amounts with Buy; short enough that the options show above the bar on entry (320 x 568).
    <div className="buy-bar" data-testid="buy-bar">
      <div className="buy-head">
        <label htmlFor={inputId} className="buy-label">
          {t`Amount per option (USD)`}
        </label>
        <p className="buy-summary" data-testid="buy-summary">
          <span className="buy-selected">{t`Selected: ${selectedCount}`}</span>
          <span className="buy-total">{t`Total: ${total} USD`}</span>
        </p>
      </div>
      <div className="buy-line">
        <input
          id={inputId}
          className="input buy-input"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          placeholder={t`At least 20`}
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? errorId : undefined}
          // Digits and one decimal point only, as the member types (the rule of every amount field).
          onChange={(event) => onAmount(sanitizeAmountInput(event.target.value))}
          data-testid="amount"
        />
        <button type="button" className="btn btn-secondary btn-small buy-orders" onClick={onOwnOrders}>
          {t`My orders`}
        </button>
      </div>
      <FieldError id={errorId} error={amountError} />
      <div className="buy-line">
        <div className="quick-amounts" role="group" aria-label={t`Quick amounts`}>
          {QUICK_AMOUNTS.map((value) => (
            <button key={value} type="button" className="chip chip-small" onClick={() => onAmount(String(value))}>
              {value}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-primary btn-small buy-btn"
          onClick={onBuy}
          disabled={closedReason !== null}
          aria-describedby={closedReason !== null ? reasonId : undefined}
        >
          {t`Buy`}
        </button>
      </div>
      {closedReason !== null && (
        <p id={reasonId} className="text-muted buy-closed" data-testid="buy-closed">
          {closedReason}
        </p>
      )}
    </div>
  );
}
