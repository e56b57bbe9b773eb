/** The e2e server's round clock and a wait for time to order in it. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Rounds of the e2e server (global-setup.ts): 45 s, orders closing 15 s before the draw. */
export const ROUND_SECONDS = 45;
export const CLOSE_SECONDS = 15;

/** mm:ss as shown by the room's countdown, in seconds. */
export function secondsOf(countdown: string | null): number {
  const [m, s] = (countdown ?? '').split(':').map(Number);
  return m * 60 + s;
}

/**
 * Waits until the room shows an open round with at least `seconds` left to order (the room's
 * countdown runs to when orders close); within a round and a bit whatever the moment it starts.
 */
export async function waitForOrderTime(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const phase = await page.getByTestId('round-state').getAttribute('data-phase');
        return phase === 'open' && secondsOf(await page.getByTestId('countdown').textContent()) >= seconds;
      },
      { timeout: (ROUND_SECONDS + 20) * 1000, interval: 200 },
    )
    .toBe(true);
}
