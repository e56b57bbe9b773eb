import { api, ApiPath, useSession } from '../api';
import type { AppConfig, UserInfo } from '../../shared/api/types';
import { revalidate, useSynced, type Synced } from './sync';

export const CONFIG_KEY = 'config:app' as const;
export const PROFILE_KEY = 'profile:me' as const;

export const fetchConfig = (): Promise<AppConfig> => api.call(ApiPath.getConfig, {}, { silent: true });
export const fetchProfile = (): Promise<UserInfo> => api.call(ApiPath.userInfo, {});

/** App config (getconfig), cache-first: the loading canvas waits for it on the very first visit only. */
export function useConfig(): Synced<AppConfig> {
  return useSynced(CONFIG_KEY, fetchConfig, { maxAgeMs: 60_000 });
}

/** The member's profile (getuserinfo); disabled while logged out. */
export function useProfile(): Synced<UserInfo> {
  const { token } = useSession();
  return useSynced(token ? PROFILE_KEY : null, fetchProfile, { refreshOnVisibleAfterMs: 30_000 });
}

/** After something changed the balance or the profile (login, password set...). */
export function refreshProfile(): Promise<void> {
  return revalidate(PROFILE_KEY, fetchProfile);
}

export function refreshConfig(): Promise<void> {
  return revalidate(CONFIG_KEY, fetchConfig);
}
