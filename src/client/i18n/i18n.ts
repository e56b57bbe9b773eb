import { i18n, type Messages } from '@lingui/core';
import { apiLangOf, DEFAULT_LOCALE, isLocale, type ApiLang, type Locale } from '../../shared/locale';
import { parsePo } from './po';

export { i18n };

const STORAGE_KEY = 'lang';

/** The language the member chose last time, or Vietnamese (SPEC.md section 1). */
export function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The shared catalogue (codes, outcomes, fund-log reasons) is hand-written .po the server reads too: loaded raw, compiled here. */
const errorCatalogs = import.meta.glob<string>('../../../locales/errors/*.po', { query: '?raw', import: 'default' });

function errorCatalogLoader(locale: Locale): (() => Promise<string>) | undefined {
  const suffix = `/errors/${locale}.po`;
  const entry = Object.entries(errorCatalogs).find(([path]) => path.endsWith(suffix));
  return entry?.[1];
}

async function loadErrorMessages(locale: Locale): Promise<Messages> {
  const own = errorCatalogLoader(locale);
  // English fills whatever a translation lacks, as Lingui's fallbackLocales does for the UI.
  const fallback = locale === 'en' ? undefined : errorCatalogLoader('en');
  const [ownText, fallbackText] = await Promise.all([own?.() ?? '', fallback?.() ?? '']);
  const raw = { ...parsePo(fallbackText), ...parsePo(ownText) };
  if (Object.keys(raw).length === 0) return {};
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  const compiled: Messages = {};
  for (const [id, text] of Object.entries(raw)) compiled[id] = compileMessage(text);
  return compiled;
}

async function loadUiMessages(locale: Locale): Promise<Messages> {
  const catalog = (await import(`../../../locales/${locale}.po`)) as { messages: Messages };
  return catalog.messages;
}

let activation = 0;

/** Loads a language's lazy chunk (UI + error catalogue), activates it and remembers the choice. */
export async function activateLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  const ticket = ++activation;
  const [ui, errors] = await Promise.all([loadUiMessages(locale), loadErrorMessages(locale)]);
  // A later choice wins when the member taps two languages quickly.
  if (ticket !== activation) return;
  i18n.loadAndActivate({ locale, messages: { ...errors, ...ui } });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (options.persist !== false) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  }
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** The `lang` every request body carries (en, chs, cht, vi). */
export function currentApiLang(): ApiLang {
  return apiLangOf(currentLocale());
}
