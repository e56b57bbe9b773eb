import { useLingui } from '@lingui/react';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../shared/locale';

/** The active language; re-renders when the member switches. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
