import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n';

/** Motion is configured where it is used (ui/MotionScope), so it stays off the first screen's path. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
