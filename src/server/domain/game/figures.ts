/**
 * A member's own game figures (DESIGN.md section 3.1: from real rows, never made up): today's and
 * yesterday's win (awards minus stakes of settled lines) and stake totals, and one point per day
 * that has orders over the last CHART_DAYS days. Days are UTC+8 (timing.ts).
 */
import type { TodayWinLost, TrendData } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import { memberDailyFigures, type DayFigures } from '../../repositories/orderViews';
import type { Deps } from '../deps';
import { DAY_MS, SERVER_DAY_OFFSET_MS, dayNumber, dayStart, isoDate } from './timing';

export const CHART_DAYS = 30;

async function recentDays(deps: Deps, memberId: number, days: number): Promise<{ today: number; rows: DayFigures[] }> {
  const today = dayNumber(deps.clock());
  const rows = await memberDailyFigures(deps.db, memberId, dayStart(today - days + 1), SERVER_DAY_OFFSET_MS, DAY_MS);
  return { today, rows };
}

function dayOf(rows: DayFigures[], day: number): { win: number; total: number } {
  const row = rows.find((r) => r.day === day);
  return { win: toUsd(row?.winCents ?? 0), total: toUsd(row?.stakeCents ?? 0) };
}

export async function todayWinLost(deps: Deps, memberId: number): Promise<TodayWinLost> {
  const { today, rows } = await recentDays(deps, memberId, 1);
  return dayOf(rows, today);
}

export async function trendData(deps: Deps, memberId: number): Promise<TrendData> {
  const { today, rows } = await recentDays(deps, memberId, CHART_DAYS);
  const yesterday = dayOf(rows, today - 1);
  const current = dayOf(rows, today);
  return {
    yeswin: yesterday.win,
    yestotal: yesterday.total,
    todaywin: current.win,
    todaytotal: current.total,
    chartdata: rows.map((r) => ({ date: isoDate(r.day), win: toUsd(r.winCents), total: toUsd(r.stakeCents) })),
  };
}
