/**
 * A Vite plugin that compiles the shared catalogue (locales/errors/*.po: error codes, outcome
 * names, fund-log reasons, hand-written and read by the server too) when the app is built, as the
 * Lingui plugin does for the UI catalogues. The app imports `locales/errors/<locale>.po?compiled`
 * and receives `messages` ready for i18n.load: no message compiler ships to the client.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Plugin } from 'vite';
import { isLocale } from '../src/shared/locale';
import { compileCatalog } from '../src/server/i18n';

const QUERY = '?compiled';

export function errorCatalogs(): Plugin {
  return {
    name: 'roundplay:error-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(QUERY) || !id.includes('/locales/errors/')) return null;
      const file = id.slice(0, -QUERY.length);
      const locale = basename(file, '.po');
      if (!isLocale(locale)) throw new Error(`${file}: no such language`);
      this.addWatchFile(file);
      const messages = await compileCatalog(await readFile(file, 'utf8'), locale);
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
  };
}
