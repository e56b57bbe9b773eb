/** The service worker's start-up and update state now live in src/client/pwa/; kept for the app's imports. */
export { startPwa } from '../pwa/register';
export { checkForUpdate, dismissUpdate, reloadToUpdate, useNeedRefresh } from '../pwa';
