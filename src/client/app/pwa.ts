/** The service worker's start-up lives in src/client/pwa/; kept for the app's entry (main.tsx). */
export { startPwa } from '../pwa/register';
export { afterLoad } from '../pwa/afterLoad';
