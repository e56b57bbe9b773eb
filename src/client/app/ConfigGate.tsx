import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../data/resources';
import { useBrowserOnline } from '../api/online';
import { LoadingCanvas } from '../ui';
import type { AppConfig } from '../../shared/api/types';

/** The loading canvas stays until the app config is known, from the cache or the network. */
export function ConfigGate({ children }: { children: (config: AppConfig) => ReactNode }) {
  const config = useConfig();
  const online = useBrowserOnline();
  const { t } = useLingui();
  if (config.data) return <>{children(config.data)}</>;
  if (config.isLoading) return <LoadingCanvas />;
  return (
    <LoadingCanvas
      error={
        online
          ? t`The server cannot be reached right now. Check your connection and try again.`
          : t`You are offline. Connect once to finish setting up the app.`
      }
      onRetry={() => void config.refresh()}
    />
  );
}
