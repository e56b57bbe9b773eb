import { useLingui } from '@lingui/react/macro';
import { wireCents } from '../../../shared/money';
import { formatMoney, formatSignedMoney } from '../../i18n';

/**
 * What a settled line paid, said as it is: "Paid 185.25" (the payout, never a gross figure with a
 * plus sign, as if it were all gain) and the line's net beside it, coloured by its sign. A refund
 * pays the stake back and nets nothing.
 */
export function LinePayout({ stake, award, testId }: { stake: number; award: number; testId?: string }) {
  const { t } = useLingui();
  const paid = formatMoney(wireCents(award));
  const netCents = wireCents(award) - wireCents(stake);
  const net = formatSignedMoney(netCents);
  const tone = netCents > 0 ? 'is-gain' : netCents < 0 ? 'is-loss' : 'is-even';
  return (
    <span className="order-award" data-testid={testId}>
      <span className="order-paid">{t`Paid ${paid}`}</span>
      <span className={`order-net ${tone}`}>{t`net ${net}`}</span>
    </span>
  );
}
