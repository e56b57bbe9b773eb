import { navigate } from 'wouter/use-browser-location';
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

export { navigate };
