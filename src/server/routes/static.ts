/**
 * The built app (dist/) and the spec's local manifest. Shell files that name other files
 * (index.html, the service worker, the web manifest) must be revalidated on every load, or an
 * installed app never sees a new version; hashed files under /assets/ never change. Pictures
 * (banners, articles, tiles) keep a month and are then revalidated by their ETag. Text files go
 * as their build-time brotli or gzip copy when the browser accepts it (scripts/precompress.ts).
 */
import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_MANIFEST_PATH } from '../../shared/api/paths';
import type { PageHandler } from './appPage';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
/** A month, then a conditional request: an operator's new picture under the same name shows within the month at most. */
const PICTURES = 'public, max-age=2592000, must-revalidate';
const PICTURE_FOLDERS = new Set(['banners', 'articles', 'tiles']);

export function cacheControlFor(distDir: string, servedPath: string): string {
  // The compressed copy of a file is cached as the file is.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  const name = basename(filePath);
  if (name === 'index.html' || name === 'sw.js' || name === 'registerSW.js' || name.endsWith('.webmanifest'))
    return NO_CACHE;
  const folder = relative(distDir, filePath).split(sep)[0];
  if (folder === 'assets') return IMMUTABLE;
  if (PICTURE_FOLDERS.has(folder)) return PICTURES;
  return SHORT;
}

export function hasBuiltApp(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

export async function staticRoutes(
  app: FastifyInstance,
  options: { distDir?: string; publicApiUrl: string; page: PageHandler | null },
): Promise<void> {
  app.get(APP_MANIFEST_PATH, async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return { apiWebUrl: options.publicApiUrl };
  });

  const distDir = options.distDir;
  const page = options.page;
  if (distDir === undefined || page === null || !hasBuiltApp(distDir)) return;
  // The page itself is made per request (appPage.ts), not sent as the file.
  for (const path of ['/', '/index.html']) {
    app.get(path, async (request, reply) => (await page(request, reply)) ?? reply.callNotFound());
  }
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(distDir, filePath));
      // The same address answers differently by Accept-Encoding (a copy or the file): caches must know.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
