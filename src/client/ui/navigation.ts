import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { dialogHistorySettled } from './modal';
import { pathTo } from '../routing/paths';

/**
 * How many in-app steps back there are, so a back button never leaves the app: on a page opened
 * directly (or from a push notification) back goes to a sensible parent instead.
 */
let depth = 0;

if (typeof window !== 'undefined') {
  window.addEventListener('pushState', () => {
    depth += 1;
  });
  window.addEventListener('popstate', () => {
    depth = Math.max(0, depth - 1);
  });
}

export function goBack(fallback = pathTo('home')): void {
  if (depth > 0) window.history.back();
  else navigate(fallback, { replace: true });
}

/**
 * wouter's navigate, after any closed dialog's history entry has been taken back: a page left
 * from a dialog's answer ("Stop" leaves the room) must not be undone by that dialog's Back.
 */
export function navigate(to: string, options?: { replace?: boolean }): void {
  const settling = dialogHistorySettled();
  if (settling) void settling.then(() => browserNavigate(to, options));
  else browserNavigate(to, options);
}
