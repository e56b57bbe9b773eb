/**
 * What the service worker (Workbox, through vite-plugin-pwa) caches and serves: the app shell
 * precached, index.html for navigations, and content pictures at run time. Nothing under /api/ is
 * ever served or kept by it: not the contract's answers, and not the live streams
 * (/api/live/…), which must reach the server on every connection, however long they stay open.
 * tests/unit/service-worker.test.ts holds it to that.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

export const workboxOptions: NonNullable<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  // Content pictures are the operator's, not the app shell's: the image runtime cache below
  // keeps the ones a member has seen, instead of every install downloading them all.
  globIgnores: ['banners/**', 'articles/**', 'screenshots/**'],
  navigateFallback: '/index.html',
  navigateFallbackDenylist: [/^\/api\//],
  cleanupOutdatedCaches: true,
  runtimeCaching: [
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
