/** Helpers for the responsible-play tests: the member's calls, and the clock put where periods do not turn. */
import { ApiPath } from '../../../src/shared/api/paths';
import type { PlayLimit, PlayLimitsAnswer, PlayPause } from '../../../src/shared/api/types';
import type { PlayLimitKind, PlayPeriod } from '../../../src/shared/play';
import { dayNumber, dayStart } from '../../../src/shared/serverDay';
import type { TestServer } from './server';

const HOUR = 60 * 60 * 1000;

/**
 * Moves the fake clock forward to 10:00 (UTC+8) of a Wednesday, so a test's orders, cancels and
 * draws fall in one day, week and month (a Wednesday in the first days of a month is avoided too).
 */
export function toQuietMorning(server: TestServer): void {
  let day = dayNumber(server.clock.now) + 1;
  // 1970-01-01 (day 0) was a Thursday: a Wednesday is day % 7 === 6; the month's day from 8 to 24.
  for (;;) {
    const date = new Date(day * 24 * HOUR).getUTCDate();
    if (day % 7 === 6 && date >= 8 && date <= 24) break;
    day += 1;
  }
  server.clock.now = Math.max(server.clock.now, dayStart(day) + 10 * HOUR);
}

export function playLimits(server: TestServer, token: string, since?: number) {
  return server.call<PlayLimitsAnswer>(ApiPath.playLimits, {
    lang: 'en',
    token,
    ...(since === undefined ? {} : { since }),
  });
}

export function setLimit(
  server: TestServer,
  token: string,
  period: PlayPeriod,
  kind: PlayLimitKind,
  money: number | string,
) {
  return server.call<PlayLimit>(ApiPath.setPlayLimit, { lang: 'en', token, period, kind, money });
}

/** Sets a limit and expects it accepted. */
export async function limit(
  server: TestServer,
  token: string,
  period: PlayPeriod,
  kind: PlayLimitKind,
  money: number | string,
): Promise<PlayLimit> {
  const answer = await setLimit(server, token, period, kind, money);
  if (answer.body.code !== 1) throw new Error(`setPlayLimit refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export function pausePlay(server: TestServer, token: string, kind: string, days: number) {
  return server.call<PlayPause>(ApiPath.pausePlay, { lang: 'en', token, kind, days });
}

/** The limit of a period and kind in an answer of getPlayLimits. */
export function limitOf(answer: PlayLimitsAnswer, period: PlayPeriod, kind: PlayLimitKind): PlayLimit {
  const found = answer.limits.find((l) => l.period === period && l.kind === kind);
  if (!found) throw new Error(`no ${period} ${kind} limit in the answer`);
  return found;
}
