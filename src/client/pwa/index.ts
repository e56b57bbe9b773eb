/**
 * The app's update state and version, for the update prompt and the version page. Registering the
 * service worker (register.ts) is the app's job at start-up and is not exported here, so screens
 * and tests never load the worker's virtual module.
 */
export {
  attachRegistration,
  checkForUpdate,
  dismissUpdate,
  reloadToUpdate,
  setNeedRefresh,
  useNeedRefresh,
  type UpdateCheck,
} from './updates';
export { appVersion } from './version';
export {
  acceptInstallOffer,
  dismissInstallOffer,
  earnInstallOffer,
  markInstallOfferShown,
  useInstallOffer,
  type InstallOffer,
} from './installOffer';
