import { useEffect, useState } from 'react';
import { ApiPath, useSession } from '../api';
import type {
  AppConfig,
  LeftMoneyAnswer,
  PlayLimitsAnswer,
  PlayPause,
  UserInfo,
  WithdrawalItem,
} from '../../shared/api/types';
import { defineQuery, useQuery } from './query';
import type { Synced } from './sync';

export const configQuery = defineQuery(ApiPath.getConfig, {});
/** A refusal to read the profile (session ended, say) is worth a toast wherever it shows. */
export const profileQuery = defineQuery(ApiPath.userInfo, {}, { toastRefusal: true });

/**
 * What the member may withdraw, with what holds the rest (src/shared/withdrawable.ts, computed by
 * the server): one read for every screen that shows it, so they show the same figure.
 */
export const leftMoneyQuery = defineQuery(ApiPath.leftMoney, {});

/**
 * The member's latest withdrawals with their status: the withdraw page lists them, and the
 * messages page tells the member of each the operator paid or rejected.
 */
export const withdrawalsQuery = defineQuery(ApiPath.withdrawals, { limit: 20 });

/** The member's withdrawals (getWithdrawals), cache-first, so they read offline; disabled while logged out. */
export function useWithdrawals(): Synced<WithdrawalItem[]> {
  const { member } = useSession();
  return useQuery(member ? withdrawalsQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

/** App config (getconfig), cache-first: the loading canvas waits for it on the very first visit only. */
export function useConfig(): Synced<AppConfig> {
  return useQuery(configQuery, { maxAgeMs: 60_000 });
}

/** The member's profile (getuserinfo); disabled while logged out. */
export function useProfile(): Synced<UserInfo> {
  const { member } = useSession();
  return useQuery(member ? profileQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

/** The withdrawable figure (getLeftmoney), cache-first; disabled while logged out. */
export function useLeftMoney(): Synced<LeftMoneyAnswer> {
  const { member } = useSession();
  return useQuery(member ? leftMoneyQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

/**
 * The member's play limits, their use, the pause and the reality check's interval (getPlayLimits):
 * the responsible-play page shows them (offline too) and the game room reads the interval.
 */
export const playLimitsQuery = defineQuery(ApiPath.playLimits, {});

/** The member's responsible-play settings, cache-first; disabled while logged out. */
export function usePlayLimits(): Synced<PlayLimitsAnswer> {
  const { member } = useSession();
  return useQuery(member ? playLimitsQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

/**
 * The member's cool-off or self-exclusion while it is in force (null otherwise, and for a guest):
 * home and every room say so and offer no play while it lasts. Read from the same cached answer,
 * so a pause is shown offline too; one that ended meanwhile is shown no longer.
 */
export function useActivePause(): PlayPause | null {
  const pause = usePlayLimits().data?.pause ?? null;
  const [now, setNow] = useState(Date.now);
  const until = pause?.until ?? null;
  // Looked at again when the pause ends (at once if it had already ended when it was read).
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, until - Date.now()), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [until]);
  return pause && pause.until > now ? pause : null;
}

/** setTimeout's longest delay (about 24.8 days); a longer pause is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
