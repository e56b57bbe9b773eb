import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { useBrowserOnline } from '../data';
import { appQueries } from '../stores';
import { BrowserOnlineContext } from '../ui';

/**
 * Motion is configured where it is used (ui/MotionScope), so it stays off the first screen's path.
 * The browser's online state reaches the ui parts that word a failure through a context.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={appQueries.client}>
      <I18nProvider i18n={i18n}>
        <BrowserOnlineContext.Provider value={useBrowserOnline()}>{children}</BrowserOnlineContext.Provider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
