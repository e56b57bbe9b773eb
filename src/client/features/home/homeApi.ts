/** Home's public reads (SPEC.md section 7 plus our winners addition), cached through the sync layer. */
import type { Banner, WinnerEntry } from '../../../shared/api/types';
import { api, ApiPath } from '../../api';

export const BANNERS_KEY = 'banners:all' as const;
export const WINNERS_KEY = 'winners:latest' as const;

/** Silent: home shows a skeleton, nothing or an empty state rather than a toast. */
export const fetchBanners = (): Promise<Banner[]> => api.call(ApiPath.slide, {}, { silent: true });
export const fetchWinners = (): Promise<WinnerEntry[]> => api.call(ApiPath.winners, {}, { silent: true });

/** How often the ticker asks for new winners while the member can see it. */
export const WINNERS_REFRESH_MS = 30_000;
/** How long a banner stays before the carousel moves on. */
export const BANNER_INTERVAL_MS = 4_000;
