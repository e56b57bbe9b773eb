/**
 * The notifications a member asked for (issue 47), in the service worker: Workbox's generated
 * worker imports this file (scripts/serviceWorker.ts, `importScripts`). A push carries the server's
 * payload (src/shared/push.ts PushPayloadSchema), its words already in the member's language. While
 * the member looks at the app, a page of it says the news itself (src/client/pwa/pushMessages.ts)
 * and no system notification interrupts; otherwise the system shows one, and a tap opens its page.
 * Plain JavaScript: the worker runs it as it is, with no build step and no import.
 */
(() => {
  const KINDS = ['result', 'withdrawal', 'limit', 'pause'];
  const ICON = '/icons/icon-192.png';
  // A badge is drawn by the system as a silhouette: the monochrome icon keeps its shape.
  const BADGE = '/icons/monochrome-512.png';

  // An app path, never another site's address ("//evil.example" is one).
  const appPath = (url) => typeof url === 'string' && /^\/[^/]/.test(url);

  /** The payload as the server sends it, or null for anything else (checked by shape, not trusted). */
  function payloadOf(event) {
    if (!event.data) return null;
    let value;
    try {
      value = event.data.json();
    } catch {
      return null;
    }
    if (typeof value !== 'object' || value === null) return null;
    const { kind, title, body, url, tag, net } = value;
    if (!KINDS.includes(kind) || typeof title !== 'string' || typeof body !== 'string') return null;
    if (!appPath(url) || typeof tag !== 'string') return null;
    return { kind, title, body, url, tag, net: typeof net === 'number' ? net : null };
  }

  const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

  async function deliver(payload) {
    const windows = await appWindows();
    const watching = windows.find((client) => client.visibilityState === 'visible' && client.focused);
    if (watching) {
      watching.postMessage({ type: 'roundplay-push', payload });
      return;
    }
    await self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: ICON,
      badge: BADGE,
      // One per kind: a newer result replaces the older one instead of piling up.
      tag: payload.tag,
      data: { url: payload.url },
    });
  }

  self.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    if (payload) event.waitUntil(deliver(payload));
  });

  /** The notification's page in a window of the app the member sees, or in a new one. */
  async function open(path) {
    const url = new URL(path, self.location.origin).href;
    const windows = await appWindows();
    const client =
      windows.find((each) => each.focused) ?? windows.find((each) => each.visibilityState === 'visible') ?? windows[0];
    if (client) {
      // Focus is the browser's to grant (a tap grants it); the page changes even without it.
      const shown = await client.focus().catch(() => client);
      const target = shown ?? client;
      try {
        await target.navigate(url);
        return;
      } catch {
        // A window the worker does not control (opened before it was installed) cannot be
        // navigated from here: the app moves itself there (src/client/pwa/pushMessages.ts).
        target.postMessage({ type: 'roundplay-open', url: path });
        return;
      }
    }
    await self.clients.openWindow(url);
  }

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = event.notification.data && event.notification.data.url;
    event.waitUntil(open(appPath(path) ? path : '/'));
  });
})();
