import { api, ApiPath } from '../../api';
import type { SyncKey } from '../../data';
import type { TrendData } from '../../../shared/api/types';

/** Private: cleared at logout with the rest of the member's rows. */
export const TREND_KEY: SyncKey = 'trend:me';

const FIGURES = ['yeswin', 'yestotal', 'todaywin', 'todaytotal'] as const;

/**
 * A read is silent: the page shows what failed where the figures would be. An answer with a
 * figure missing is refused rather than shown with a zero in its place.
 */
export async function fetchTrend(): Promise<TrendData> {
  const data = await api.call(ApiPath.trendData, {}, { silent: true });
  if (!data || FIGURES.some((key) => !Number.isFinite(data[key]))) throw new Error('getTrendData: figures missing');
  const chartdata = Array.isArray(data.chartdata)
    ? data.chartdata.filter(
        (point) => typeof point?.date === 'string' && Number.isFinite(point.win) && Number.isFinite(point.total),
      )
    : [];
  return { ...data, chartdata };
}
