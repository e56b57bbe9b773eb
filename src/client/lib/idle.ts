/** How long an idle main thread may be waited for. */
const IDLE_WAIT_MS = 2_000;

/**
 * Runs `run` when the main thread is next idle (within 2 s). Safari has no requestIdleCallback:
 * there, in the next task.
 */
export function whenIdle(run: () => void, win: Window = window): void {
  const idle = (win as Partial<Window>).requestIdleCallback?.bind(win);
  if (idle) idle(run, { timeout: IDLE_WAIT_MS });
  else win.setTimeout(run, 0);
}
