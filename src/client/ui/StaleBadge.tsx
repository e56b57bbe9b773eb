import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../i18n/format';

/** Says plainly that a panel shows cached figures, and since when (DESIGN.md section 5). */
export function StaleBadge({
  status,
  updatedAt,
  validating = false,
}: {
  /** Whether what shows was confirmed now (fresh), is a copy not confirmed (stale), or nothing (empty). */
  status: 'fresh' | 'stale' | 'empty';
  updatedAt: number | null;
  /** While a revalidation is under way the badge waits for its outcome instead of flashing. */
  validating?: boolean;
}) {
  const { t } = useLingui();
  if (status !== 'stale' || updatedAt === null || validating) return null;
  const time = formatDateTime(updatedAt);
  return (
    <span
      className="stale-badge"
      data-testid="stale-badge"
      role="status"
      title={t`Shown from this device; not confirmed by the server yet.`}
    >
      <span className="stale-dot" aria-hidden="true" />
      {t`Stale since ${time}`}
    </span>
  );
}
