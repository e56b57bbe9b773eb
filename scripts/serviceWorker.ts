/**
 * What the service worker (Workbox, through vite-plugin-pwa) caches and serves: the app shell
 * precached, navigations from the network first (the server renders their first screen) with the
 * shell when the network fails or is slow, and content pictures at run time. Nothing under /api/ is
 * ever served or kept by it: not the contract's answers, and not the live streams
 * (/api/live/…), which must reach the server on every connection, however long they stay open.
 * tests/unit/service-worker.test.ts holds it to that.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** How long a navigation waits for the server before the shell opens instead. */
const NAVIGATION_TIMEOUT_S = 3;

// The matchers below are written into the worker as their source text: they name nothing from
// this file (no constant or helper would be there).
export const workboxOptions: NonNullable<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  // Content pictures are the operator's, not the app shell's: the image runtime cache below
  // keeps the ones a member has seen, instead of every install downloading them all.
  globIgnores: ['banners/**', 'articles/**', 'screenshots/**'],
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
