import type { Locale } from '../../shared/locale';

/** Each language's web app manifest, written at build by scripts/manifests.ts. */
export const manifestPathOf = (locale: Locale) => `/app.${locale}.webmanifest`;

/** Points the page's manifest link at the language's manifest, so an install names things in it. */
export function linkManifestOf(locale: Locale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = manifestPathOf(locale);
}
