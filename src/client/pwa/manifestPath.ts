import { DEFAULT_LOCALE, type Locale } from '../../shared/locale';

/**
 * Each language's web app manifest, written at build by scripts/manifests.ts; the default
 * language's is the one index.html links, so a first visit asks for one manifest, not two.
 */
export const manifestPathOf = (locale: Locale) =>
  locale === DEFAULT_LOCALE ? '/app.webmanifest' : `/app.${locale}.webmanifest`;

/** Points the page's manifest link at the language's manifest, so an install names things in it. */
export function linkManifestOf(locale: Locale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && link.getAttribute('href') !== manifestPathOf(locale)) link.href = manifestPathOf(locale);
}
