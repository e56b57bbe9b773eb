import { VIP_LEVELS } from './constants';

/** Levels are display only (SPEC.md section 6); clamp whatever the server sends into 1..8. */
export function vipLevel(level: number): number {
  if (!Number.isFinite(level)) return 1;
  return Math.min(VIP_LEVELS, Math.max(1, Math.trunc(level)));
}
