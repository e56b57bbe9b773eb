/** Articles and banners: their categories and which localized field a language reads. */
import type { Article, ArticleSummary, Banner } from '../api/types';
import { ARTICLE_FIELD_SUFFIX, type Locale } from '../locale';

/**
 * Article categories: 9 and 14 are the spec's (news, announcements); help, the introduction and
 * the member agreement (shown on the register page) are ours.
 */
export const ARTICLE_CATEGORY = { News: 9, Announcement: 14, Help: 2, Introduction: 26, Agreement: 27 } as const;

/** The quick menu opens the introduction (SPEC.md section 2, Home): /info/26 reads category 26. */
export const INTRODUCTION_ARTICLE_ID = 26;

/** Order in which a missing translation falls back, after the member's own language. */
const FALLBACK_ORDER: readonly Locale[] = ['en', 'zh-CN', 'zh-TW', 'vi'];

function pick(read: (locale: Locale) => string, locale: Locale): string {
  const own = read(locale);
  if (own.trim() !== '') return own;
  for (const other of FALLBACK_ORDER) {
    const text = read(other);
    if (text.trim() !== '') return text;
  }
  return '';
}

/** The article's title in the member's language, or the first translation that exists. */
export function articleTitle(article: ArticleSummary, locale: Locale): string {
  return pick((l) => article[`title${ARTICLE_FIELD_SUFFIX[l]}`] ?? '', locale);
}

/** The article's HTML in the member's language, or the first translation that exists. */
export function articleContent(article: Article, locale: Locale): string {
  return pick((l) => article[`content${ARTICLE_FIELD_SUFFIX[l]}`] ?? '', locale);
}

const BANNER_FIELD: Record<Locale, keyof Omit<Banner, 'id'>> = {
  'zh-CN': 'path',
  'zh-TW': 'path_tw',
  en: 'path_yw',
  vi: 'path_vi',
};

/** The banner image for the member's language, or the first one that exists. */
export function bannerPath(banner: Banner, locale: Locale): string {
  return pick((l) => banner[BANNER_FIELD[l]] ?? '', locale);
}
