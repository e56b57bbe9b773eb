import { useLingui } from '@lingui/react/macro';
import type { Room } from '../../../shared/api/types';
import { Outcome, outcomeReturns, type OutcomeReturn, type RuleSet } from '../../../shared/game';
import { formatPercent, useOutcomeName } from '../../i18n';
import { Sheet } from '../../ui';
import { formatOdds, roomRates } from './model';

/** When an outcome wins, in words, from the sums the game's own rules make it win on. */
function useRuleText(): (row: OutcomeReturn) => string {
  const { t } = useLingui();
  return ({ outcome, sums }) => {
    const from = sums[0];
    const to = sums.at(-1);
    switch (outcome) {
      case Outcome.Triple:
        return t`Three equal digits (000, 111 … 999)`;
      case Outcome.Odd:
        return t`Odd sum`;
      case Outcome.Even:
        return t`Even sum`;
      case Outcome.BigOdd:
      case Outcome.SmallOdd:
        return t`Odd sum from ${from} to ${to}`;
      case Outcome.BigEven:
      case Outcome.SmallEven:
        return t`Even sum from ${from} to ${to}`;
      default:
        return t`Sum from ${from} to ${to}`;
    }
  };
}

/**
 * The room's rules, one tap from the room: what each outcome is, the triple and refund rules, the
 * odds, and each outcome's chance and return to player, counted in src/shared over all 1,000 draws
 * with this room's own odds and rules (nothing here is written down by hand). And what the coin
 * names mean: groups of rooms with their own round length, never a price that decides a draw.
 */
export function RulesSheet({ room, open, onClose }: { room: Room; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Sheet open={open} title={t`Rules and returns`} onClose={onClose} testId="rules-sheet">
      <RulesBody room={room} />
    </Sheet>
  );
}

/**
 * The rules and returns of a room: the sheet's content (counted only while it shows: a room
 * re-renders every second), and the verifier page's, so both say the same figures.
 */
export function RulesBody({ room }: { room: Room }) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const rules: RuleSet = { refundOn13And14: room.refund1314 };
  const ruleOf = useRuleText();
  const odds = roomRates(room);
  const returns = outcomeReturns(odds, rules);
  return (
    <div className="rules">
      <p>
        {t`Each round draws three digits, 0 to 9 each, from a seed committed before any order; the outcomes are read from their sum (0 to 27).`}
      </p>
      {returns && (
        <table className="rules-table" data-testid="rules-table">
          <thead>
            <tr>
              <th scope="col">{t`Outcome`}</th>
              <th scope="col">{t`Odds`}</th>
              <th scope="col">{t`Chance`}</th>
              <th scope="col">{t`Return`}</th>
            </tr>
          </thead>
          <tbody>
            {returns.map((row) => (
              <tr key={row.outcome} data-testid="rules-row" data-outcome={row.outcome}>
                <th scope="row">
                  <span className="rules-name">{nameOf(row.outcome)}</span>
                  <span className="rules-when">{ruleOf(row)}</span>
                </th>
                <td>×{formatOdds(odds[row.outcome])}</td>
                <td data-testid="rules-chance">{formatPercent(row.wins / 10)}</td>
                <td data-testid="rules-return">{formatPercent(row.returnBasisPoints / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ul className="rules-notes">
        <li>
          {t`Return: what a stake comes back as on average over all 1,000 draws at this room's odds. Below 100 % the house keeps the rest.`}
        </li>
        <li>
          {t`A triple wins Triple and counts as its sum for every other outcome: it does not make Big or Small lose.`}
        </li>
        <li data-testid="rules-refund">
          {room.refund1314
            ? t`In this room, on a sum of 13 or 14, Big, Small, Odd, Even and the four combinations give back the stake (${refundShare(returns)} of draws).`
            : t`No outcome gives back the stake in this room: a line wins or loses.`}
        </li>
        <li>{t`An order cancelled before the round closes is refunded in full.`}</li>
        <li>
          {t`USDT, BTC and ETH name groups of rooms and set only how long their rounds run. No price decides a draw.`}
        </li>
      </ul>
    </div>
  );
}

/** The share of draws on which a two-way line gives back its stake, as a percent. */
function refundShare(returns: ReturnType<typeof outcomeReturns>): string {
  const refunds = returns?.[Outcome.Big]?.refunds ?? 0;
  return formatPercent(refunds / 10);
}
