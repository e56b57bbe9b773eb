import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, localeOfBrowser, localeOrDefault, type Locale } from '../../shared/locale';
// DEFAULT_LOCALE's UI catalogue (src/shared/locale.ts): vi.
import { messages as defaultUi } from '../../../locales/vi.po';
import { linkManifestOf } from '../pwa/manifestPath';
import { PAGE_COOKIES } from '../../shared/api/pageAnswers';
import { deviceTimeZone } from '../../shared/instant';

export { i18n };

const STORAGE_KEY = 'lang';
const PAGE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * The language the member chose last time; on a first visit the browser's own when the app speaks
 * it (an English phone opens in English), else Vietnamese (SPEC.md section 1).
 */
export function storedLocale(): Locale {
  const browser = () => localeOfBrowser(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLocale(saved) ? saved : browser();
  } catch {
    return browser();
  }
}

/**
 * The default language's UI catalogue is in the entry, so a first visit paints without waiting for
 * a catalogue; the others are lazy chunks. The shared catalogue (codes, outcomes, fund-log reasons)
 * is hand-written .po the server reads too, compiled at build (scripts/errorCatalogs.ts); every
 * language has every entry of it (tests/unit/catalogs.test.ts), so none borrows from another. No
 * first screen says a code, an outcome or a reason, so the default language's shared catalogue
 * follows the first paint instead of weighing on it.
 */
const errorCatalogs = import.meta.glob<Messages>('../../../locales/errors/*.po', {
  query: '?compiled',
  import: 'messages',
});
const uiCatalogs = import.meta.glob<Messages>(['../../../locales/*.po', '!**/vi.po'], { import: 'messages' });

async function lazyCatalog(catalogs: Record<string, () => Promise<Messages>>, file: string): Promise<Messages> {
  const entry = Object.entries(catalogs).find(([path]) => path.endsWith(file));
  return entry ? entry[1]() : {};
}

async function loadMessages(locale: Locale, sharedLater: boolean): Promise<Messages> {
  const shared = lazyCatalog(errorCatalogs, `/errors/${locale}.po`);
  if (locale === DEFAULT_LOCALE && sharedLater) {
    // Added to the language when it arrives (i18n.load merges; screens showing it redraw).
    void shared
      .then((errors) => i18n.load(locale, errors))
      .catch((error: unknown) => console.error('[i18n] could not load the shared catalogue', error));
    return defaultUi;
  }
  const [errors, ui] = await Promise.all([
    shared,
    locale === DEFAULT_LOCALE ? defaultUi : lazyCatalog(uiCatalogs, `/locales/${locale}.po`),
  ]);
  return { ...errors, ...ui };
}

let activation = 0;

/**
 * Loads a language's lazy chunk (UI + error catalogue), activates it and remembers the choice.
 * `sharedLater`: the app's start, whose first paint needs no code, outcome or reason, does not wait
 * for the default language's shared catalogue.
 */
export async function activateLocale(
  locale: Locale,
  options: { persist?: boolean; sharedLater?: boolean } = {},
): Promise<void> {
  const ticket = ++activation;
  const messages = await loadMessages(locale, options.sharedLater === true);
  // A later choice wins when the member taps two languages quickly.
  if (ticket !== activation) return;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    linkManifestOf(locale);
    // The server renders pages in the language the app speaks, with times in the device's zone
    // (server routes/appPage.ts).
    const cookie = (name: string, value: string) =>
      (document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${PAGE_COOKIE_MAX_AGE_S}; samesite=lax`);
    cookie(PAGE_COOKIES.locale, locale);
    cookie(PAGE_COOKIES.timeZone, deviceTimeZone());
  }
  if (options.persist !== false) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  }
}

export function currentLocale(): Locale {
  return localeOrDefault(i18n.locale);
}
