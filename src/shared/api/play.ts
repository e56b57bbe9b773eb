/**
 * Responsible play (additions to the contract): the limits a member sets, the pause they take and
 * the reality check's interval, read with getPlayLimits and changed with setPlayLimit, pausePlay
 * and setRealityCheck. Amounts are USD (0 = no limit); times are epoch ms.
 */
import { z } from '../zod';
import { PAUSE_KINDS, PLAY_CHANGE_BY, PLAY_LIMIT_KINDS, PLAY_PERIODS } from './enums';
import { idField, usd, whole, type Calls } from './fields';
import { ApiPath } from './paths';

export const PlayPeriodSchema = z.enum(PLAY_PERIODS);
export const PlayLimitKindSchema = z.enum(PLAY_LIMIT_KINDS);
export const PauseKindSchema = z.enum(PAUSE_KINDS);
const PlayChangeBySchema = z.enum(PLAY_CHANGE_BY);

/** An instant sent by the app (epoch ms). */
const instantField = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const PlayLimitsRequestSchema = z.object({
  /** The start of the app's play session (epoch ms): the answer then carries the session's net result. */
  since: instantField.optional(),
});

/** One limit (period x kind) as it stands now, with what is used of it in the current period. */
export const PlayLimitSchema = z.strictObject({
  period: PlayPeriodSchema,
  kind: PlayLimitKindSchema,
  /** The limit in force (USD); 0 = none. */
  money: usd,
  /** Used in the current period: stakes, net loss (stakes minus what they paid back) or deposits. */
  used: usd,
  /** What is left of the limit in this period; null without a limit. */
  left: usd.nullable(),
  /** When the current period ends and counting starts again. */
  resetAt: whole,
  /** A looser limit asked for (0 = removal) and when it applies (24 hours after it was asked for). */
  next: z.strictObject({ money: usd, at: whole }).nullable(),
});

export const PlayPauseSchema = z.strictObject({
  kind: PauseKindSchema,
  /** Orders are refused until then. */
  until: whole,
});

/** One change of the member's play settings, for the history the page shows. */
export const PlayChangeSchema = z.union([
  z.strictObject({
    what: z.literal('limit'),
    at: whole,
    by: PlayChangeBySchema,
    period: PlayPeriodSchema,
    kind: PlayLimitKindSchema,
    /** The limit before and asked for (USD, 0 = none). */
    from: usd,
    to: usd,
    /** When the new limit applies: at once, or 24 hours later for a looser one. */
    effectiveAt: whole,
  }),
  z.strictObject({
    what: z.literal('pause'),
    at: whole,
    by: PlayChangeBySchema,
    pause: PauseKindSchema,
    days: whole,
    until: whole,
  }),
  z.strictObject({ what: z.literal('realityCheck'), at: whole, by: PlayChangeBySchema, minutes: whole }),
]);

export const PlayLimitsAnswerSchema = z.strictObject({
  /** Every period and kind, day to month, stake, loss, deposit. */
  limits: z.array(PlayLimitSchema),
  /** The cool-off or self-exclusion in force; null when the member may play. */
  pause: PlayPauseSchema.nullable(),
  /** The reality check's interval in minutes of play; 0 = off. */
  realityCheck: whole,
  /** Changes, newest first. */
  history: z.array(PlayChangeSchema),
  serverTime: whole,
  /** With `since`: the net result of play since then (stakes, refunds and awards in the fund log). */
  session: z.strictObject({ since: whole, net: usd }).optional(),
});

/** Money empty or 0 removes the limit (after 24 hours, as any loosening). */
export const SetPlayLimitRequestSchema = z.object({
  period: PlayPeriodSchema,
  kind: PlayLimitKindSchema,
  money: z.union([z.number(), z.string().max(32)]).optional(),
});

export const PausePlayRequestSchema = z.object({ kind: PauseKindSchema, days: idField });

export const SetRealityCheckRequestSchema = z.object({ minutes: idField });

export const RealityCheckAnswerSchema = z.strictObject({ minutes: whole });

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const playCalls = {
  [ApiPath.playLimits]: { request: PlayLimitsRequestSchema, data: PlayLimitsAnswerSchema },
  [ApiPath.setPlayLimit]: { request: SetPlayLimitRequestSchema, data: PlayLimitSchema },
  [ApiPath.pausePlay]: { request: PausePlayRequestSchema, data: PlayPauseSchema },
  [ApiPath.setRealityCheck]: { request: SetRealityCheckRequestSchema, data: RealityCheckAnswerSchema },
} as const satisfies Calls;
