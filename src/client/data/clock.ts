/**
 * The one clock the client reads (how old an answer is, when to ask again, how long until the
 * draw). It is the device's; tests move it with vitest's fake Date (`vi.setSystemTime`) instead of
 * sleeping, so every part of the app sees the same moved time.
 */
export function clockNow(): number {
  return Date.now();
}
