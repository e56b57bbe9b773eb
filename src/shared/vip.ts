import { FIRST_VIP_LEVEL, VIP_LEVELS } from './constants';

/** Levels are display only (SPEC.md section 6); clamp whatever the server sends into 1..8. */
export function vipLevel(level: number): number {
  if (!Number.isFinite(level)) return FIRST_VIP_LEVEL;
  return Math.min(VIP_LEVELS, Math.max(FIRST_VIP_LEVEL, Math.trunc(level)));
}

/**
 * Whether a member's level opens a room that asks for `minlevel` (0: every member). Levels are
 * set by the operator (`member:level`); nothing in play changes them.
 */
export function levelOpens(level: number, minlevel: number): boolean {
  return level >= minlevel;
}
