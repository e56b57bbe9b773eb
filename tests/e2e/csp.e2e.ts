import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { launchBrowser, snapshot } from './support/browser';
import { admin, ageAccounts, englishContext, logIn, type Member } from './support/members';
import { waitForOrderTime } from './support/round';
import { smsCodeFor } from './support/server-log';

/**
 * The main journeys under the server's Content-Security-Policy, in one Chromium context: register,
 * log in, home with its banner, a room with an order placed and cancelled, the fund log, an article
 * with HTML and pictures (one from another origin, also once the service worker fetches it), and a
 * withdrawal. Every `securitypolicyviolation` event and every console line about the policy is
 * recorded; the journey fails on any.
 */
interface Violation {
  where: string;
  directive?: string;
  blocked?: string;
  source?: string;
  text?: string;
}

const CSP_CONSOLE = /Content[ -]Security[ -]Policy|Refused to/i;
const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ROOM_ID = 1;
/** global-setup.ts starts the server with 45 s rounds whose orders close 15 s before the draw. */

/** Starts recording: violation events from every page (through a binding, so navigations keep them) and console lines. */
async function recordViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, details: Omit<Violation, 'where'>) => {
    violations.push({ where: page?.url() ?? '?', ...details });
  });
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      const details = {
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        text: event.sample,
      };
      seen.push(details);
      void (window as unknown as { __reportCspViolation(d: typeof details): Promise<void> }).__reportCspViolation(
        details,
      );
    });
  });
  const onConsole = (where: string) => (message: ConsoleMessage) => {
    if (CSP_CONSOLE.test(message.text()))
      violations.push({ where, text: `console ${message.type()}: ${message.text()}` });
  };
  context.on('page', (page) => page.on('console', onConsole(`page ${page.url()}`)));
  // The service worker's own fetches answer to its own policy (served with sw.js).
  context.on('serviceworker', (worker) => worker.on('console', onConsole(`service worker ${worker.url()}`)));
  return violations;
}

/** True once an <img> has loaded a picture (not a broken icon). */
function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((node) => {
    const img = node as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });
}

/** Answers that hash a password (scrypt) or write money can take more than a second on a busy machine. */
const SLOW = { timeout: 15_000 };

const toasts = (page: Page) => page.locator('.toast-region [role="alert"], .toast-region [role="status"]');

/** A picture host on another origin, as an article may name one. */
function startPictureHost(): Promise<{ server: Server; origin: string }> {
  const png = readFileSync('public/icons/icon-192.png');
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/remote.png')) {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      response.end(png);
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });
}

describe('the app under its Content-Security-Policy', () => {
  let browser: Browser;
  let pictures: { server: Server; origin: string };
  let articleDir: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    pictures = await startPictureHost();
    articleDir = mkdtempSync(join(tmpdir(), 'csp-article-'));
    // The withdrawal comes right after a deposit; turnover is another journey's subject (wallet.e2e.ts).
    admin('settings:set', 'turnoverMultiple', '0');
  });
  afterAll(async () => {
    await browser?.close();
    pictures?.server.close();
    if (articleDir) rmSync(articleDir, { recursive: true, force: true });
  });

  it('records a violation when one happens (the recorder itself works)', async () => {
    const context = await englishContext(browser);
    const violations = await recordViolations(context);
    const page = await context.newPage();
    await page.goto('/login');
    // An inline script, which the policy refuses.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.some((v) => v.directive?.startsWith('script-src')), SLOW).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    expect(violations.some((v) => v.text?.startsWith('console'))).toBe(true);
    await context.close();
  });

  it('register, log in, home, a room with an order and a cancel, fund log, an article, a withdrawal: no violation', async () => {
    const context = await englishContext(browser);
    const violations = await recordViolations(context);
    const page = await context.newPage();
    const unique = Date.now().toString().slice(-7);
    const member: Member = { username: `csp${unique}x`, password: 'pass1234' };
    const phone = `9${unique}3`;

    // Register, with the operator's invitation code and the code from the server console.
    const first = await page.goto('/register');
    const policy = first?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    await page.getByLabel('Account', { exact: true }).fill(member.username);
    await page.getByLabel('Phone number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: /Send code/ }).click();
    const code = await smsCodeFor(inject('serverLog'), '+84', phone);
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(member.password);
    await page.getByLabel('Invitation code', { exact: true }).fill(inject('invitationCode'));
    await page.getByLabel('I have read and agree to the member agreement').check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/user');

    // Log out and in again.
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await logIn(page, member);
    await expect.poll(() => page.getByTestId('nickname').textContent(), SLOW).toContain(member.username);

    // Home with its banner picture.
    admin('credit', member.username, '200', '--ref', 'e2e csp');
    await page.goto('/');
    const banner = page.getByTestId('banner-image').first();
    await expect.poll(() => imageLoaded(banner), SLOW).toBe(true);
    await snapshot(page, 'csp-home');

    // The trend page opens the price feed's websocket: allowed by connect-src (offline it simply fails).
    await page.goto('/lotteryprize');
    await page.waitForTimeout(1_500);

    // A room: an order placed in an open round, then cancelled.
    await page.goto(`/activity/${ROOM_ID}`);
    await expect.poll(() => page.getByTestId('room-balance').textContent(), SLOW).toBe('200.00');
    await waitForOrderTime(page, 12);
    await page.getByTestId('option-0').click();
    await page.getByLabel('Amount per option (USD)').fill('20');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm order' });
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => page.getByTestId('room-balance').textContent(), SLOW).toBe('180.00');
    await page.getByRole('button', { name: 'My orders', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'My orders' });
    await sheet.getByRole('button', { name: /^Cancel order: Big/ }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Cancel order', exact: true })
      .click();
    await expect
      .poll(() => toasts(page).allTextContents(), SLOW)
      .toContain('Order cancelled: 20.00 USD is back in your balance');
    await expect.poll(() => page.getByTestId('room-balance').textContent(), SLOW).toBe('200.00');
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await snapshot(page, 'csp-room');

    // The fund log: the deposit, the order and its refund.
    await page.goto('/my_income');
    await expect.poll(() => page.getByTestId('fund-log-row').count(), SLOW).toBe(3);

    // An article with HTML and pictures: one of this site, one from another origin, one in its list.
    const remote = `${pictures.origin}/remote.png`;
    writeFileSync(
      join(articleDir, 'article.json'),
      JSON.stringify({
        category: 2,
        title: { en: `Reading safely ${unique}` },
        content: {
          en:
            '<h2>Pictures and links</h2><p>Some <strong>bold</strong> text, a <a href="https://example.com/rules">link out</a> ' +
            'and a <a href="/help/list">link in</a>.</p>' +
            '<figure><img src="/articles/fairness.svg" alt="Local picture" width="200" height="120"><figcaption>Here</figcaption></figure>' +
            `<p><img src="${remote}" alt="Remote picture" width="96" height="96"></p>`,
        },
        img: ['/articles/hash-chain.svg'],
      }),
    );
    const imported = admin('article:import', join(articleDir, 'article.json'));
    const id = /article #(\d+)/.exec(imported)?.[1];
    expect(id, imported).toBeDefined();
    const readArticle = async () => {
      await page.goto(`/help/${id}`);
      await expect.poll(() => page.getByTestId('article-title').textContent(), SLOW).toContain(unique);
      const html = page.getByTestId('article-html');
      expect(await html.locator('h2').textContent()).toBe('Pictures and links');
      await expect.poll(() => imageLoaded(html.locator('img[alt="Local picture"]')), SLOW).toBe(true);
      await expect.poll(() => imageLoaded(html.locator(`img[src="${remote}"]`)), SLOW).toBe(true);
      await expect.poll(() => imageLoaded(page.getByTestId('article-image').first()), SLOW).toBe(true);
    };
    await readArticle();
    await snapshot(page, 'csp-article');
    // Once the service worker controls the page it fetches the pictures itself, under sw.js's policy.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), SLOW).toBe(true);
    await readArticle();
    await expect
      .poll(
        () => page.evaluate(async (url) => (await (await caches.open('images')).match(url)) !== undefined, remote),
        SLOW,
      )
      .toBe(true);

    // A withdrawal: set the withdrawal password, add a USDT account, withdraw a small amount.
    await page.goto('/usercipherpassword');
    // The form asks for the current password until the profile says there is none yet.
    await expect
      .poll(() => page.getByText('You have no withdrawal password yet', { exact: false }).count(), SLOW)
      .toBe(1);
    await page.getByLabel('Login password', { exact: true }).fill(member.password);
    await page.getByLabel('New withdrawal password', { exact: true }).fill('246810');
    await page.getByLabel('Repeat withdrawal password', { exact: true }).fill('246810');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/my_set');
    await expect.poll(() => toasts(page).allTextContents(), SLOW).toContain('Withdrawal password set');
    await page.goto('/bankadd');
    await page.getByRole('radio', { name: 'USDT-TRC20' }).check();
    await page.getByLabel('Wallet address').fill(TRC20_ADDRESS);
    await page.getByLabel('Withdrawal password').fill('246810');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.waitForURL('**/banklist');
    // A new account waits 24 hours; the harness dates it back a day.
    ageAccounts(member.username);
    await page.goto('/withdraw');
    await expect.poll(() => page.getByTestId('withdraw-account-hold').count(), SLOW).toBe(0);
    await expect.poll(() => page.getByTestId('withdrawable').textContent(), SLOW).toContain('200.00');
    await page.getByTestId('withdraw-account').getByRole('radio').first().check();
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByLabel('Withdrawal password').fill('246810');
    await page.getByTestId('withdraw-form').getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => page.getByTestId('withdraw-success').textContent(), SLOW).toContain('24 hours');
    await snapshot(page, 'csp-withdraw');

    // Late reports (an image, a worker) have a moment to arrive.
    await page.waitForTimeout(500);
    const inPage = await page.evaluate(() => (window as unknown as { __cspViolations?: unknown[] }).__cspViolations);
    expect(inPage, JSON.stringify(inPage, null, 2)).toEqual([]);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await context.close();
  }, 240_000);
});
