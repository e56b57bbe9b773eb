import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FundLogEntry } from '../../../shared/api/types';
import { isoDate } from '../../../shared/serverDay';
import type { LedgerMark } from '../../data/ledger';
import { fundReasonText, formatDate, formatServerDay, formatUsd, useOutcomeName } from '../../i18n';
import { Icon } from '../../ui';
import { isIncrease } from './fundLog';

/**
 * One entry of the fund log, with its mark once its proof checks against a signed head (or a red
 * one when it does not). Memoized on the row and the mark's state and day: appending a page, or a
 * proof arriving for another row, renders only the rows it changes. The Lingui context still
 * re-renders every row when the member switches language.
 */
export const FundLogRow = memo(function FundLogRow({
  row,
  markState,
  markDay,
}: {
  row: FundLogEntry;
  markState?: LedgerMark['state'];
  markDay?: number;
}) {
  const { i18n, t } = useLingui();
  const up = isIncrease(row);
  const amount = `${up ? '+' : '-'}${formatUsd(Math.abs(row.money))}`;
  const before = formatUsd(row.before);
  return (
    <li className="fund-row" data-testid="fund-log-row" data-id={row.id}>
      <div className="fund-row-main">
        <span className="fund-row-reason" data-testid="fund-log-reason">
          {fundReasonText(i18n, row)}
        </span>
        <span
          className={`fund-row-amount ${up ? 'is-increase' : 'is-decrease'}`}
          data-testid="fund-log-amount"
          data-direction={up ? 'increase' : 'decrease'}
        >
          {amount}
        </span>
      </div>
      <div className="fund-row-meta">
        <time dateTime={new Date(row.time * 1000).toISOString()} data-testid="fund-log-time">
          {formatDate(row.time, 'ledger')}
        </time>
        <span data-testid="fund-log-before">{t`Before: ${before}`}</span>
      </div>
      <FundRowDetail detail={row.detail} />
      {markState && markDay !== undefined && <LedgerMarkLine state={markState} day={markDay} />}
    </li>
  );
});

/**
 * What a row belongs to, in the member's words: the round (and the outcome of a cancelled order),
 * where a withdrawal went, the operator's note or a deposit's reference. A row cached before the
 * server said this shows nothing rather than its old reference, which could be an internal tag.
 */
function FundRowDetail({ detail }: { detail: FundLogEntry['detail'] | undefined }) {
  const { t } = useLingui();
  const outcomeName = useOutcomeName();
  if (!detail) return null;
  const { round, account, note } = detail;
  const parts = [
    round ? t`Round ${round}` : '',
    detail.outcome !== null ? outcomeName(detail.outcome) : '',
    account ? t`To ${account}` : '',
    note ? t`Note: ${note}` : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return null;
  return (
    <p className="fund-row-ref" data-testid="fund-log-detail">
      {parts.join(' · ')}
    </p>
  );
}

/** The row's place in the signed ledger: checked in this browser against a signed head, or not matching it. */
function LedgerMarkLine({ state, day }: { state: LedgerMark['state']; day: number }) {
  const { t } = useLingui();
  const dayText = formatServerDay(isoDate(day));
  return (
    <p className={`fund-row-mark is-${state}`} data-testid="fund-log-mark" data-state={state}>
      <Icon name={state === 'signed' ? 'shield' : 'alert'} size={14} />
      {state === 'signed' ? t`In the signed ledger of ${dayText}` : t`Does not match the signed ledger of ${dayText}`}
    </p>
  );
}
