/**
 * The links a page needs to preload its language: the chunks holding that language's catalogues
 * (the UI's and the shared one of codes and reasons), as the build's manifest names them
 * (dist/.vite/manifest.json, Vite's backend integration). The app loads every language lazily
 * (src/client/i18n/i18n.ts), so no member downloads a language they do not read; the page names
 * its own, and it arrives beside the entry instead of after it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isLocale, type Locale } from '../../shared/locale';
import { TtlCache, type CacheClock } from '../domain/ttlCache';

/** A language's preload links; empty for a build without a manifest (nothing is preloaded). */
export type CatalogPreloads = (locale: Locale) => Promise<string>;

interface ManifestChunk {
  file: string;
  src?: string;
}

/** `../../locales/en.po` or `../../locales/errors/en.po?compiled`: the language of a catalogue's source. */
const CATALOG_SOURCE = /(?:^|\/)locales\/(?:errors\/)?([\w-]+)\.po(?:\?compiled)?$/;

/** Each language's catalogue chunks in a build manifest's entries. */
export function catalogChunksOf(manifest: Record<string, ManifestChunk>): Map<Locale, string[]> {
  const chunks = new Map<Locale, string[]>();
  for (const chunk of Object.values(manifest)) {
    const locale = CATALOG_SOURCE.exec(chunk.src ?? '')?.[1];
    if (!isLocale(locale) || !/^assets\/[\w.-]+\.js$/.test(chunk.file)) continue;
    chunks.set(locale, [...(chunks.get(locale) ?? []), chunk.file]);
  }
  return chunks;
}

/** Reads distDir's manifest, kept `ttlMs` like the page it goes with (appPage.ts readBuiltPage). */
export function readCatalogPreloads(distDir: string, ttlMs: number, clock?: CacheClock): CatalogPreloads {
  const cache = new TtlCache<'manifest', Map<Locale, string[]>>(ttlMs, clock);
  const file = join(distDir, '.vite', 'manifest.json');
  const load = () =>
    readFile(file, 'utf8')
      .then((text) => catalogChunksOf(JSON.parse(text) as Record<string, ManifestChunk>))
      .catch(() => new Map<Locale, string[]>());
  return async (locale) =>
    ((await cache.get('manifest', load)).get(locale) ?? [])
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
      .join('');
}
