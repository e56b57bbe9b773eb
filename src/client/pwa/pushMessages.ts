/**
 * What the service worker (public/push-worker.js) hands a page of the app instead of a system
 * notification: a push that arrived while the member was looking at the app, and the page a tapped
 * notification opens when the window it chose is not under the worker's control (it cannot
 * navigate that one itself). The message types are the worker's.
 */

/** A push as the page shows it (the payload's words, already in the member's language). */
export interface PushShown {
  kind: string;
  title: string;
  body: string;
  url: string;
  /** A result's net in cents (won, lost, even), null for other kinds. */
  net: number | null;
}

export interface PushListeners {
  shown: (push: PushShown) => void;
  open: (url: string) => void;
}

const appPath = (url: unknown): url is string => typeof url === 'string' && /^\/[^/]/.test(url);

function pushOf(value: unknown): PushShown | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, title, body, url, net } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || typeof title !== 'string' || typeof body !== 'string' || !appPath(url)) return null;
  return { kind, title, body, url, net: typeof net === 'number' ? net : null };
}

/** Listens to the worker's messages for the page; returns how to stop. */
export function onPushMessages(listeners: PushListeners): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; payload?: unknown; url?: unknown } | null;
    if (data?.type === 'roundplay-push') {
      const push = pushOf(data.payload);
      if (push) listeners.shown(push);
    } else if (data?.type === 'roundplay-open' && appPath(data.url)) {
      listeners.open(data.url);
    }
  };
  container.addEventListener('message', listener);
  // Messages wait in a queue until the page says it listens (addEventListener alone does not start it).
  container.startMessages();
  return () => container.removeEventListener('message', listener);
}
