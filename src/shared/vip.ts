import { FIRST_VIP_LEVEL, VIP_LEVELS } from './constants';

/** Levels are display only (SPEC.md section 6); clamp whatever the server sends into 1..8. */
export function vipLevel(level: number): number {
  if (!Number.isFinite(level)) return FIRST_VIP_LEVEL;
  return Math.min(VIP_LEVELS, Math.max(FIRST_VIP_LEVEL, Math.trunc(level)));
}
