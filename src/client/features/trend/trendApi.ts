import { ApiPath } from '../../api';
import { defineQuery } from '../../data';
import type { TrendData } from '../../../shared/api/types';

const FIGURES = ['yeswin', 'yestotal', 'todaywin', 'todaytotal'] as const;

/**
 * A read is silent: the page shows what failed where the figures would be. An answer with a
 * figure missing is refused rather than shown with a zero in its place.
 */
function checkedTrend(data: TrendData): TrendData {
  if (!data || FIGURES.some((key) => !Number.isFinite(data[key]))) throw new Error('getTrendData: figures missing');
  const chartdata = Array.isArray(data.chartdata)
    ? data.chartdata.filter(
        (point) => typeof point?.date === 'string' && Number.isFinite(point.win) && Number.isFinite(point.total),
      )
    : [];
  return { ...data, chartdata };
}

/** The member's own figures: cleared at logout with the rest of the member's rows (key.ts). */
export const trendQuery = defineQuery(ApiPath.trendData, {}, { select: checkedTrend });
