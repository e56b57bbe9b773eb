import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from './LoadingCanvas';
import { StaleBadge } from './StaleBadge';
import { UnavailableState } from './UnavailableState';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** What the section draws of a read (the data layer's Synced has these, and more). */
interface SectionRead<T> {
  data: T | undefined;
  status: 'fresh' | 'stale' | 'empty';
  updatedAt: number | null;
  isLoading: boolean;
  isValidating: boolean;
  refresh: () => Promise<void>;
}

/**
 * What a page reads, in its four states (DESIGN.md section 5): the rows (with a stale badge when
 * they are not confirmed now), loading while nothing is cached yet, empty when the answer holds
 * nothing, and unavailable, with a retry, when nothing is cached and the read failed.
 */
export function SyncedSection<T>({
  synced,
  unavailableTitle,
  unavailableText,
  offlineText,
  loading,
  empty,
  isEmpty = isEmptyList,
  badge = true,
  children,
}: {
  synced: SectionRead<T>;
  /** "Rooms unavailable", "Accounts unavailable"... */
  unavailableTitle: string;
  /** Why, when it is known better than "not reachable" (the server's refusal, say). */
  unavailableText?: string;
  /** What to say instead while the device is offline. */
  offlineText?: string;
  /** The skeleton of the section; a spinner by default. */
  loading?: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The stale badge above the rows; off where the page shows it elsewhere. */
  badge?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  const { data } = synced;
  const staleBadge = badge && (
    <StaleBadge status={synced.status} updatedAt={synced.updatedAt} validating={synced.isValidating} />
  );
  if (data !== undefined && !(empty !== undefined && isEmpty(data))) {
    return (
      <>
        {staleBadge}
        {children(data)}
      </>
    );
  }
  if (synced.isLoading) {
    return (
      loading ?? (
        <div className="screen-fallback">
          <Spinner label={t`Loading`} />
        </div>
      )
    );
  }
  if (data !== undefined) {
    return (
      <>
        {staleBadge}
        {empty}
      </>
    );
  }
  const reachText = t`They will appear once the app can reach the server.`;
  return (
    <UnavailableState
      title={unavailableTitle}
      failedText={unavailableText ?? reachText}
      offlineText={offlineText ?? unavailableText ?? reachText}
      onRetry={() => void synced.refresh()}
    />
  );
}
