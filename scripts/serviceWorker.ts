/**
 * What the service worker (Workbox, through vite-plugin-pwa) caches and serves: the app shell
 * precached, navigations from the network first (the server renders their first screen) with the
 * shell when the network fails or is slow, and content pictures at run time. Nothing under /api/ is
 * ever served or kept by it: not the contract's answers, and not the live streams
 * (/api/live/…), which must reach the server on every connection, however long they stay open.
 * tests/unit/service-worker.test.ts holds it to that.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** How long a navigation waits for the server before the shell opens instead. */
const NAVIGATION_TIMEOUT_S = 3;

/**
 * The worker's push and notification-tap handlers (issue 47), a plain file of public/ the generated
 * worker imports. Its address carries its content's hash: the worker (sw.js, revalidated on every
 * load) changes with it, so a new version of the handlers installs as any update does, never held
 * back by a cached copy of the old file.
 */
export const PUSH_WORKER_FILE = 'push-worker.js';
const pushWorkerHash = createHash('sha256')
  .update(readFileSync(new URL(`../public/${PUSH_WORKER_FILE}`, import.meta.url)))
  .digest('hex')
  .slice(0, 12);

// The matchers below are written into the worker as their source text: they name nothing from
// this file (no constant or helper would be there).
export const workboxOptions: NonNullable<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  // Content pictures are the operator's, not the app shell's: the image runtime cache below
  // keeps the ones a member has seen, instead of every install downloading them all.
  // The push handlers are imported by the worker itself (kept with its scripts), not read from a cache.
  globIgnores: ['banners/**', 'articles/**', 'screenshots/**', PUSH_WORKER_FILE],
  importScripts: [`/${PUSH_WORKER_FILE}?v=${pushWorkerHash}`],
  // Navigations are the runtime route below, not a fallback to the shell for every one; home (/)
  // too: it is not read as the precached index.html (a rendered page first, the shell offline).
  navigateFallback: null,
  directoryIndex: null,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      // A page from the server, rendered for this member in their language; offline, or with no
      // answer within a few seconds, the precached shell, which the app renders itself from what
      // the device keeps. Never kept: a rendered page holds a member's answers of that moment.
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      // NetworkFirst for its timeout (Workbox allows one on no other handler), with nothing ever kept.
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        plugins: [{ cacheWillUpdate: async () => null }],
        networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
        precacheFallback: { fallbackURL: '/index.html' },
      },
    },
    {
      // Banners and article images: cache-first with a bound, so reading offline shows them.
      urlPattern: ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
      handler: 'CacheFirst',
      options: {
        cacheName: 'images',
        expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
        cacheableResponse: { statuses: [0, 200] },
      },
    },
  ],
};
