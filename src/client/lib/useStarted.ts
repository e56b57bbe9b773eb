import { useSyncExternalStore } from 'react';

/**
 * False while the server renders a page and while the app's first render takes that page over;
 * true from the next render on, and at once when the app renders without a server page. What only
 * the device can say (its clock, its own sanitiser) waits for it, so the page taken over matches the
 * page painted.
 */
export function useStarted(): boolean {
  return useSyncExternalStore(noChanges, afterStart, beforeStart);
}

const noChanges = () => () => undefined;
const afterStart = () => true;
const beforeStart = () => false;
