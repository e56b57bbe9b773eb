import { useLingui } from '@lingui/react/macro';
import { useBrowserOnline, useOnline } from '../api/online';
import { Icon } from '../ui';

/** Visible whenever the app works from its cache: the browser is offline or the server is out of reach. */
export function OfflineBanner() {
  const online = useOnline();
  const browserOnline = useBrowserOnline();
  const { t } = useLingui();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <Icon name="cloudOff" size={18} />
      <span>
        {browserOnline ? t`Server unreachable. Showing saved data.` : t`You are offline. Showing saved data.`}
      </span>
    </div>
  );
}
