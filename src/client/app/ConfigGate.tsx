import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../data/resources';
import { useBrowserOnline } from '../api/online';
import { LoadingCanvas } from '../ui';

/**
 * The loading canvas stays until the app config is known, from the cache or the network (SPEC.md
 * section 2). Meanwhile the first screen renders behind it, unseen, so its own reads and pictures
 * start with the config read instead of after it; once the config is known the canvas goes and the
 * screen shows as it is by then, without being drawn again (the parts that use the config read it
 * themselves).
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const config = useConfig();
  const online = useBrowserOnline();
  const { t } = useLingui();
  const ready = config.data !== undefined;
  return (
    <>
      <div className="config-gate" hidden={!ready} data-testid="config-gate">
        {children}
      </div>
      {!ready &&
        (config.isLoading ? (
          <LoadingCanvas />
        ) : (
          <LoadingCanvas
            error={
              online
                ? t`The server cannot be reached right now. Check your connection and try again.`
                : t`You are offline. Connect once to finish setting up the app.`
            }
            onRetry={() => void config.refresh()}
          />
        ))}
    </>
  );
}
