/**
 * The built app (dist/) and the spec's local manifest. Shell files that name other files
 * (index.html, the service worker, the web manifest) must be revalidated on every load, or an
 * installed app never sees a new version; hashed files under /assets/ never change.
 */
import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_MANIFEST_PATH } from '../../shared/api/paths';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

export function cacheControlFor(distDir: string, filePath: string): string {
  const name = basename(filePath);
  if (name === 'index.html' || name === 'sw.js' || name === 'registerSW.js' || name.endsWith('.webmanifest'))
    return NO_CACHE;
  if (relative(distDir, filePath).split(sep)[0] === 'assets') return IMMUTABLE;
  return SHORT;
}

export function hasBuiltApp(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

export async function staticRoutes(
  app: FastifyInstance,
  options: { distDir?: string; publicApiUrl: string },
): Promise<void> {
  app.get(APP_MANIFEST_PATH, async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return { apiWebUrl: options.publicApiUrl };
  });

  const distDir = options.distDir;
  if (distDir === undefined || !hasBuiltApp(distDir)) return;
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(distDir, filePath));
    },
  });
}
