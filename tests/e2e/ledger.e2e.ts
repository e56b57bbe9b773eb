import { readFileSync } from 'node:fs';
import { hexToBytes } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LedgerHead } from '../../src/shared/api/types';
import { headFromWire } from '../../src/shared/ledger/wire';
import { ledgerKeyFileOf } from '../support/serverProcess';
import { signedHead } from '../support/signedLedger';
import { launchBrowser, snapshot } from './support/browser';
import { admin, api, englishContext, logIn, newMember } from './support/members';

/**
 * The signed ledger in the app (issue 46), in Chromium against the e2e server: a member's rows in a
 * closed period carry their mark once the browser has checked their proofs, a row of the running
 * period none; with the network off the marks are checked again from the device; and a head
 * answered different for a past day the device holds (rewritten and signed again with the
 * operator's own key) is named in a red warning, the rows of that day marked red, nothing replaced.
 */

/** Each shown row's mark state, newest first ('' for none), and the first mark's words. */
async function marks(page: Page): Promise<string[]> {
  return page
    .getByTestId('fund-log-row')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('[data-testid="fund-log-mark"]')?.getAttribute('data-state') ?? ''),
    );
}

/** The operator's ledger key, from the e2e server's key file (the newest seed is the first line that is not a comment). */
function operatorSeed(): Uint8Array {
  const line = readFileSync(ledgerKeyFileOf(inject('dataDir')), 'utf8')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => /^[0-9a-f]{64}$/.test(text));
  if (!line) throw new Error('no ledger key in the e2e server’s key file');
  return hexToBytes(line);
}

describe('the signed ledger in the fund log', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('marks signed rows, checks them again offline, and names in red a day whose head came back different', async () => {
    const member = newMember('lg', '300');
    admin('ledger:close');
    // A row of the running period: no head holds it yet, so no mark.
    admin('credit', member.username, '25', '--ref', 'e2e ledger');

    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    await page.goto('/my_income');
    await expect.poll(() => marks(page), { timeout: 20_000 }).toEqual(['', 'signed']);
    const mark = page.getByTestId('fund-log-mark').first();
    const signedText = (await mark.textContent()) ?? '';
    expect(signedText).toMatch(/^In the signed ledger of \d{2}\/\d{2}\/\d{4}$/);
    const day = signedText.replace('In the signed ledger of ', '');

    // The page that explains it: the member's balance at that head, checked among what is owed.
    await page.goto('/ledger');
    await expect
      .poll(() => page.getByTestId('ledger-balance').getAttribute('data-verdict'), { timeout: 15_000 })
      .toBe('counted');
    expect(await page.getByTestId('ledger-balance').textContent()).toContain('Your balance of 300.00');

    // Offline: the marks come from the device's heads and proofs, checked again in the browser.
    await page.goto('/my_income');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => marks(page)).toEqual(['', 'signed']);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => marks(page)).toEqual(['', 'signed']);
    expect(await page.getByTestId('fund-log-mark').first().textContent()).toBe(signedText);
    await context.setOffline(false);

    // The operator rewrites that day: its head answered with another root, signed again with the
    // operator's own key, so its signature checks; the device still holds the head it saw.
    const heads = await api<{ heads: LedgerHead[] }>('/api/Game/getLedgerHeads', { page: 1, size: 100 });
    const seed = operatorSeed();
    const rewritten = (head: LedgerHead) =>
      signedHead({ ...headFromWire(head), root: new Uint8Array(32).fill(0xab) }, seed);
    await page.route('**/api/Game/getLedgerHeads', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { heads: LedgerHead[] } };
      body.data.heads = body.data.heads.map((head) => (head.seq === heads.heads[0].seq ? rewritten(head) : head));
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const warning = page.getByTestId('ledger-warning');
    await expect.poll(() => warning.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await warning.getByRole('heading').textContent()).toBe(`The signed ledger of ${day} came back different`);
    await expect.poll(() => marks(page)).toEqual(['', 'differs']);
    expect(await page.getByTestId('fund-log-mark').first().textContent()).toBe(
      `Does not match the signed ledger of ${day}`,
    );
    await page.setViewportSize({ width: 320, height: 640 });
    await snapshot(page, 'ledger-warning-320');
    // 320 px: the warning and the marks fit the width, nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Never replaced: the next visit, answered the true head again, still names the day.
    await page.unroute('**/api/Game/getLedgerHeads');
    await page.reload();
    await expect.poll(() => marks(page), { timeout: 20_000 }).toEqual(['', 'differs']);
    expect(await warning.isVisible()).toBe(true);
    await page.getByTestId('fund-log-row').last().scrollIntoViewIfNeeded();
    await snapshot(page, 'ledger-marks-320');
    await page.goto('/ledger');
    await expect.poll(() => page.getByTestId('ledger-warning').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await snapshot(page, 'ledger-page-320');
    await context.close();
  }, 120_000);
});
