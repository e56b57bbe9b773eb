import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, localeOfBrowser, localeOrDefault, type Locale } from '../../shared/locale';
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
 * Every language's catalogues are lazy chunks, the default one's too: a page the server made names
 * its own language's chunks for preloading (server routes/appPage.ts), so they arrive beside the
 * entry, and no member downloads a language they do not read. The shared catalogue (codes,
 * outcomes, fund-log reasons) is hand-written .po the server reads too, compiled at build
 * (scripts/errorCatalogs.ts); every language has every entry of it (tests/unit/catalogs.test.ts),
 * so none borrows from another. No first screen the app renders itself says a code, an outcome or
 * a reason, so there the shared catalogue follows the first paint instead of weighing on it.
 */
const errorCatalogs = import.meta.glob<Messages>('../../../locales/errors/*.po', {
  query: '?compiled',
  import: 'messages',
});
const uiCatalogs = import.meta.glob<Messages>('../../../locales/*.po', { import: 'messages' });

async function lazyCatalog(catalogs: Record<string, () => Promise<Messages>>, file: string): Promise<Messages> {
  const entry = Object.entries(catalogs).find(([path]) => path.endsWith(file));
  return entry ? entry[1]() : {};
}

let activation = 0;

/**
 * Loads a language's lazy chunk (UI + error catalogue), activates it and remembers the choice.
 * `sharedLater`: the app's start, whose first paint needs no code, outcome or reason, does not wait
 * for the language's shared catalogue.
 */
export async function activateLocale(
  locale: Locale,
  options: { persist?: boolean; sharedLater?: boolean } = {},
): Promise<void> {
  const ticket = ++activation;
  const shared = lazyCatalog(errorCatalogs, `/errors/${locale}.po`);
  // Reported where it is awaited or merged; until then a failure is not an unhandled one.
  shared.catch(() => undefined);
  const [ui, errors] = await Promise.all([
    lazyCatalog(uiCatalogs, `/locales/${locale}.po`),
    options.sharedLater ? undefined : shared,
  ]);
  // A later choice wins when the member taps two languages quickly.
  if (ticket !== activation) return;
  i18n.loadAndActivate({ locale, messages: { ...errors, ...ui } });
  if (options.sharedLater) {
    // Merged once the language is active (loadAndActivate replaces what a language held; load adds),
    // and screens showing it redraw.
    void shared
      .then((later) => i18n.load(locale, later))
      .catch((error: unknown) => console.error('[i18n] could not load the shared catalogue', error));
  }
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
