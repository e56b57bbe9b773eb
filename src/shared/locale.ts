/**
 * Interface languages (SPEC.md section 1). The UI locale names the catalog file in
 * locales/; the API lang is what every request body carries.
 */
export const LOCALES = ['vi', 'zh-CN', 'zh-TW', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'vi';

export const API_LANGS = ['vi', 'chs', 'cht', 'en'] as const;
export type ApiLang = (typeof API_LANGS)[number];

const LOCALE_TO_API: Record<Locale, ApiLang> = { vi: 'vi', 'zh-CN': 'chs', 'zh-TW': 'cht', en: 'en' };
const API_TO_LOCALE: Record<ApiLang, Locale> = { vi: 'vi', chs: 'zh-CN', cht: 'zh-TW', en: 'en' };

export function apiLangOf(locale: Locale): ApiLang {
  return LOCALE_TO_API[locale];
}

export function localeOfApiLang(lang: unknown): Locale {
  return typeof lang === 'string' && lang in API_TO_LOCALE ? API_TO_LOCALE[lang as ApiLang] : DEFAULT_LOCALE;
}

/**
 * The first of the browser's preferred languages (navigator.languages, best first) the app speaks:
 * Traditional Chinese for Taiwan, Hong Kong, Macau or the Hant script, Simplified for any other
 * Chinese; null when none is one of the four.
 */
export function localeOfBrowser(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const [language, ...rest] = tag.toLowerCase().split(/[-_]/);
    if (language === 'vi') return 'vi';
    if (language === 'en') return 'en';
    if (language === 'zh') return rest.some((part) => ['tw', 'hk', 'mo', 'hant'].includes(part)) ? 'zh-TW' : 'zh-CN';
  }
  return null;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale a value names, or the default when it names none (a language library not yet activated). */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Each language's own name, as the picker shows it (zh-CN, zh-TW, en-US, Vi). */
export const LOCALE_NAMES: Record<Locale, string> = {
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
};

/** Words or a picture an operator sets per language (room titles, home tiles). */
export type LocalizedText = Record<Locale, string>;

/** The member's language's version, or the English one where the operator set none. */
export function localized(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.en;
}

/** Which localized column of an article or banner belongs to a language (SPEC.md section 3). */
export const ARTICLE_FIELD_SUFFIX: Record<Locale, '' | '_ft' | '_yw' | '_vi'> = {
  'zh-CN': '',
  'zh-TW': '_ft',
  en: '_yw',
  vi: '_vi',
};
