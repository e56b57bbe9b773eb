import { useContext } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BrowserOnlineContext } from './browserOnline';
import { EmptyState } from './EmptyState';

/**
 * Nothing cached and the last read failed: says whether the device is offline or the server did
 * not answer, and offers a retry.
 */
export function UnavailableState({
  title,
  failedText,
  offlineText,
  onRetry,
}: {
  title: string;
  /** Online, but the read failed. */
  failedText: string;
  /** The device is offline. */
  offlineText: string;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const online = useContext(BrowserOnlineContext);
  return (
    <EmptyState
      title={title}
      text={online ? failedText : offlineText}
      icon="cloudOff"
      action={
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t`Try again`}
        </button>
      }
    />
  );
}
