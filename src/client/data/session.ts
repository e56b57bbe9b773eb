import { api, ApiPath, clearSession, getMember } from '../api';
import { isBrowserOnline } from '../api/online';
import { appQueries } from './stores';

/** The session is over (logout, or a 409/403 answer): forget the token and the member's rows. */
export async function endSession(): Promise<void> {
  clearSession();
  await appQueries.clearMemberRows();
}

/**
 * Logout: revoke the token on the server when we can (best effort, silent), then end the
 * session on the device whatever the network says.
 */
export async function logout(): Promise<void> {
  if (getMember() && isBrowserOnline()) {
    await api.call(ApiPath.logout, {}, { silent: true }).catch(() => undefined);
  }
  await endSession();
}
