import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n';
import { ObservedRows } from '../data/ObservedRows';
import { useBrowserOnline } from '../data';
import { BrowserOnlineContext } from '../ui';

/**
 * Motion is configured where it is used (ui/MotionScope), so it stays off the first screen's path.
 * The cached rows' observer sits beside the screens, loaded with the cache database. The browser's
 * online state reaches the ui parts that word a failure through a context.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <BrowserOnlineContext.Provider value={useBrowserOnline()}>{children}</BrowserOnlineContext.Provider>
      <ObservedRows />
    </I18nProvider>
  );
}
