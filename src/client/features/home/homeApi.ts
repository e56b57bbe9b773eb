/** Home's public reads (SPEC.md section 7 plus our winners addition), cached through the sync layer. */
import { ApiPath } from '../../api';
import { defineQuery } from '../../data';

/** Silent (query.ts): home shows a skeleton, nothing or an empty state rather than a toast. */
export const bannersQuery = defineQuery(ApiPath.slide, {});
export const winnersQuery = defineQuery(ApiPath.winners, {});
export const homeTilesQuery = defineQuery(ApiPath.homeTiles, {});

/** How often the ticker asks for new winners while the member can see it. */
export const WINNERS_REFRESH_MS = 30_000;
/** How long a banner stays before the carousel moves on. */
export const BANNER_INTERVAL_MS = 4_000;
