import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { isoDate } from '../../../shared/serverDay';
import type { LedgerConflict } from '../../data/ledger';
import { formatServerDay } from '../../i18n';
import { pathTo } from '../../routing/paths';
import { Icon } from '../../ui';

/**
 * A head that came back different for a day this device already held: the past it signed was
 * rewritten, or the server answering is not the one that signed it. Said in red, naming each day;
 * the device keeps the head it held (data/ledger.ts), so the warning stays until the member acts.
 */
export function LedgerWarning({
  conflicts,
  explain = true,
}: {
  conflicts: readonly LedgerConflict[];
  explain?: boolean;
}) {
  const { t } = useLingui();
  if (conflicts.length === 0) return null;
  const days = conflicts.map((conflict) => formatServerDay(isoDate(conflict.day))).join(', ');
  return (
    <section className="card ledger-warning" role="alert" data-testid="ledger-warning">
      <h2 className="ledger-warning-title">
        <Icon name="alert" />
        {t`The signed ledger of ${days} came back different`}
      </h2>
      <p>
        {t`This device holds the ledger the server signed for that day, and the server now answers another one. A past record may have been rewritten. This device keeps the copy it held: contact customer service and keep this screen.`}
      </p>
      {explain && (
        <Link href={pathTo('ledger')} className="ledger-warning-link">
          {t`What is checked`}
        </Link>
      )}
    </section>
  );
}
