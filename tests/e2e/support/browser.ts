/** Debian's Chromium driven by playwright-core, at a phone viewport. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { chromiumPath } from '../../../scripts/preflight.mjs';

/**
 * A Vietnamese phone's screen, drawn at one device pixel per CSS pixel and asking for reduced motion: what the
 * journeys check (layout at 320-412 px, text, states) is the same, and Chromium rasterises a
 * quarter of the pixels and runs no endless animation, on a machine the suites share.
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  // A Vietnamese phone: a first visit opens in the browser's language (src/shared/locale.ts).
  locale: 'vi-VN',
  // Set, not the machine's: times the app shows in the device's zone read the same on any machine.
  timezoneId: 'UTC',
  deviceScaleFactor: 1,
  reducedMotion: 'reduce' as const,
  isMobile: true,
  hasTouch: true,
};

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * How long an action or a navigation may wait for the page: a guard against a hang, not a bound on
 * speed. On a loaded machine a login alone (scrypt at the production cost, on threads that yield to
 * everything else) takes the server several seconds.
 */
const PATIENCE_MS = 120_000;

function patient<T extends BrowserContext>(context: T): T {
  context.setDefaultTimeout(PATIENCE_MS);
  context.setDefaultNavigationTimeout(PATIENCE_MS);
  for (const page of context.pages()) waitsForTheApp(page);
  context.on('page', waitsForTheApp);
  return context;
}

/** Longest a navigation waits for the app to start before the test goes on (and finds what it finds). */
const APP_START_MS = 30_000;

/**
 * A page the server rendered is painted before the app has started, and a tap on it does nothing
 * yet. The journeys act as a member who waits for the app: a navigation or reload of an app page
 * returns once the app has taken the page over (`<html data-started>`, src/client/main.tsx).
 */
function waitsForTheApp(page: Page): void {
  const started = () =>
    page
      .waitForFunction(
        () => document.getElementById('root') === null || document.documentElement.hasAttribute('data-started'),
        undefined,
        { timeout: APP_START_MS },
      )
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
}

export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return patient(await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'allow', ...options }));
}

/** Screenshots are kept as test artifacts under test-results/. */
export async function snapshot(page: Page, name: string): Promise<string> {
  mkdirSync('test-results', { recursive: true });
  const path = `test-results/${name}.png`;
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * A phone-sized browser with a real profile on disk: Chromium never calls a page installable
 * in an incognito context, which is what `browser.newContext()` makes.
 */
export async function persistentPhoneContext(
  baseURL: string,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = patient(
    await chromium.launchPersistentContext(profile, {
      ...PHONE,
      baseURL,
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    }),
  );
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Chromium's install prompt, as the browser hands it to an installable page (the member dismisses it). */
export async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    event.prompt = () => Promise.resolve();
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
}
