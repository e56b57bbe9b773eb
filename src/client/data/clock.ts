/**
 * The time the cache reads (how old an answer is, when to ask again). Tests move it by hand
 * instead of sleeping; the app reads the device clock.
 */
let now: () => number = () => Date.now();

export function clockNow(): number {
  return now();
}

/** Test helper: a clock the test moves; `null` puts the device clock back. */
export function setClockForTest(read: (() => number) | null): void {
  now = read ?? (() => Date.now());
}
