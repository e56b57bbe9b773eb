/**
 * The service worker never serves or keeps a live stream (nor any /api/ answer): a stream opened
 * by EventSource or fetch is not a navigation and matches no runtime cache, so it goes to the
 * network every time; opened as a page it is not answered with index.html either.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUSH_WORKER_FILE, workboxOptions } from '../../scripts/serviceWorker';

const STREAMS = ['/api/live/room/1?ticket=ab12', '/api/live/member?ticket=ab12&lastEventId=9'];

/** What Workbox hands a runtime route's matcher, for a request of this destination and mode. */
function routeInput(path: string, destination: string, mode: string) {
  const url = new URL(path, 'https://play.example');
  return { url, request: { destination, mode, url: url.href }, sameOrigin: true, event: {} };
}

type Matcher = (input: ReturnType<typeof routeInput>) => boolean;

describe('the service worker and the live streams', () => {
  it('matches a stream with no runtime cache, however it is asked for', () => {
    const routes = workboxOptions.runtimeCaching ?? [];
    expect(routes.length).toBeGreaterThan(0);
    for (const path of STREAMS) {
      for (const [destination, mode] of [
        ['', 'cors'],
        ['', 'same-origin'],
        ['image', 'no-cors'],
        ['document', 'navigate'],
      ]) {
        for (const route of routes) {
          const pattern = route.urlPattern;
          const matches =
            typeof pattern === 'function'
              ? (pattern as unknown as Matcher)(routeInput(path, destination, mode))
              : pattern instanceof RegExp
                ? pattern.test(new URL(path, 'https://play.example').href)
                : path.startsWith(String(pattern));
          expect(matches, `${path} as ${destination || 'fetch'} matched ${String(route.options?.cacheName)}`).toBe(
            false,
          );
        }
      }
    }
  });

  it("never answers a stream opened as a page with the app shell; the app's pages go to the network first", async () => {
    expect(workboxOptions.navigateFallback).toBeNull();
    // Home is a page like the others, not the precached shell under its folder's name.
    expect(workboxOptions.directoryIndex).toBeNull();
    const pages = (workboxOptions.runtimeCaching ?? []).filter((route) => route.options?.cacheName === 'pages');
    expect(pages).toHaveLength(1);
    const [route] = pages;
    const matches = (path: string) =>
      (route.urlPattern as unknown as Matcher)(routeInput(path, 'document', 'navigate'));
    expect(matches('/activity/1')).toBe(true);
    expect(matches('/')).toBe(true);
    expect(route.options?.precacheFallback?.fallbackURL).toBe('/index.html');
    expect(route.options?.networkTimeoutSeconds).toBeLessThanOrEqual(5);
    // Nothing a page answered is kept (a rendered page holds a member's answers of its moment).
    const [keep] = route.options?.plugins ?? [];
    expect(
      await keep.cacheWillUpdate?.({
        response: new Response('page'),
        request: new Request('https://x/'),
        event: new Event('fetch'),
        state: {},
      }),
    ).toBeNull();
  });
});

describe('the service worker and notifications', () => {
  it("imports the push handlers by their content's hash, and does not precache them", () => {
    const file = readFileSync(new URL(`../../public/${PUSH_WORKER_FILE}`, import.meta.url));
    const hash = createHash('sha256').update(file).digest('hex').slice(0, 12);
    // A change of the handlers changes the worker itself, so it installs as an update.
    expect(workboxOptions.importScripts).toEqual([`/${PUSH_WORKER_FILE}?v=${hash}`]);
    expect(workboxOptions.globIgnores).toContain(PUSH_WORKER_FILE);
    // The handlers the worker needs: a push and a tap on its notification.
    const source = file.toString('utf8');
    expect(source).toContain("addEventListener('push'");
    expect(source).toContain("addEventListener('notificationclick'");
  });
});
