import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { useBrowserOnline, WriteVoiceContext } from '../data';
import { appQueries } from '../data/stores';
import { BrowserOnlineContext } from '../ui';
import { WRITE_VOICE } from './connect';

/**
 * Motion is configured where it is used (ui/MotionScope), so it stays off the first screen's path.
 * The browser's online state reaches the ui parts that word a failure through a context, and the
 * words for writes reach useWrite through another (connect.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={appQueries.client}>
      <I18nProvider i18n={i18n}>
        <WriteVoiceContext.Provider value={WRITE_VOICE}>
          <BrowserOnlineContext.Provider value={useBrowserOnline()}>{children}</BrowserOnlineContext.Provider>
        </WriteVoiceContext.Provider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
