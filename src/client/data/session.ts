import { api, ApiPath, clearSession, getMember } from '../api';
import { isBrowserOnline } from '../api/online';
import { appQueries } from './stores';

/**
 * The session is over (logout, or a 409/403 answer): forget the token and the member's rows, and
 * stop this device's notifications. The server ended its record with the session; the browser's
 * subscription goes too (best effort, not waited for: nothing about it may hold a logout back), so
 * the next person on the device is never sent the last member's news.
 */
export async function endSession(): Promise<void> {
  // Its code loads only then: the first screen holds none of it.
  void import('../pwa/pushDevice').then(({ unsubscribeDevice }) => unsubscribeDevice());
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
