/**
 * This device's side of the notifications a member asked for (issue 47): whether the browser can
 * receive them, its permission, and its push subscription (the service worker registration's
 * pushManager). What the server keeps of it is the data layer's; nothing here calls the API.
 */

/** The keys and address a server needs to send to this device (PushSubscribeRequest's fields). */
export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Made by this call (not one the browser already held): undone when the server refuses it. */
  created: boolean;
}

/** How long the service worker may take to be ready before turning notifications on gives up. */
const WORKER_READY_MS = 10_000;

/** The browser can show pushed notifications: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/** The browser's answer so far: 'default' until the member was asked. */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** Asks the member (once per site: a browser asks again only after 'default'); the answer given. */
export async function askNotificationPermission(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** The app's worker registration; null when none is active in time (a development build has none). */
async function workerRegistration(timeoutMs = WORKER_READY_MS): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

const base64url = (buffer: ArrayBuffer | null): string =>
  buffer === null
    ? ''
    : btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');

function bytesOf(key: string): Uint8Array<ArrayBuffer> {
  const text = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The subscription was made for this server key (a new key on the server needs a new subscription). */
function madeFor(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options?.applicationServerKey;
  if (!held) return true;
  return base64url(held) === base64url(key.buffer as ArrayBuffer);
}

/**
 * This device's subscription for the server's key (the one it holds, or a new one). Throws when the
 * browser refuses it (no worker, no push service); the permission must be granted first.
 */
export async function subscribeDevice(publicKey: string): Promise<DeviceSubscription> {
  const registration = await workerRegistration();
  if (!registration) throw new Error('no service worker to receive notifications');
  const key = bytesOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  let created = false;
  if (subscription && !madeFor(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    created = true;
  }
  const keys = subscription.toJSON().keys ?? {};
  return { endpoint: subscription.endpoint, p256dh: keys.p256dh ?? '', auth: keys.auth ?? '', created };
}

/**
 * Ends the browser's subscription, best effort and silently: at logout, or when every kind is off.
 * The server ends its own record (the session's); this stops the push service's too.
 */
export async function unsubscribeDevice(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to end, or the browser would not: the server no longer sends to it either way.
  }
}
