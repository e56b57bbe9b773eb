/**
 * How long after the page's load event the service worker is registered. Registering loads
 * workbox-window and then the worker precaches the whole app: on a first visit over a slow link that
 * is a request and then hundreds of kilobytes competing with the first screen's own reads and pictures.
 */
export const PWA_START_DELAY_MS = 3_000;

/** Runs `start` (the worker's registration) once the first screen has had the network to itself. */
export function afterLoad(start: () => void, win: Window = window): void {
  const later = () => void win.setTimeout(start, PWA_START_DELAY_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
