/** Round timing rules both sides apply (SPEC.md sections 4 and 9). */

/** Whole seconds left until the draw, never negative. */
export function secondsUntil(drawAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((drawAtMs - nowMs) / 1000));
}

/** The spec's `diff` shape. */
export function diffOf(secondsLeft: number): { minute: number; second: number } {
  const s = Math.max(0, Math.trunc(secondsLeft));
  return { minute: Math.floor(s / 60), second: s % 60 };
}

/** mm:ss for a countdown. */
export function formatCountdown(secondsLeft: number): string {
  const { minute, second } = diffOf(secondsLeft);
  return `${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}`;
}

/** Odds on the wire are decimals (1.96); rooms keep them in hundredths (196) so money stays integer. */
export function oddsToHundredths(odds: number): number | null {
  const h = Math.round(odds * 100);
  return Number.isSafeInteger(h) && Math.abs(odds * 100 - h) < 1e-6 && h > 0 ? h : null;
}
