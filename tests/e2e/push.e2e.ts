import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PushPayload } from '../../src/shared/push';
import { pushTag } from '../../src/shared/push';
import { loadTranslator, type Translator } from '../../src/server/i18n';
import { resultMessage, withdrawalMessage } from '../../src/server/domain/push/messages';
import { persistentPhoneContext } from './support/browser';
import { logIn, newMember } from './support/members';
import { recordToasts, toastsSeen } from './support/toasts';

/**
 * The notifications a member asked for (issue 47), in the app's real service worker in Chromium: a
 * push delivered to the worker through the DevTools protocol, as the push service would, carrying
 * the server's payload in the member's language (made by the server's own code). While the member looks at the app the page says
 * it (a toast) and the system shows nothing; otherwise the system shows it, and a tap opens its page.
 */
describe('push notifications', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let translator: Translator;
  beforeAll(async () => {
    translator = await loadTranslator();
    // A real profile: Chromium keeps no notifications in an incognito context.
    ({ context, close } = await persistentPhoneContext(inject('baseUrl')));
  });
  afterAll(async () => {
    await close?.();
  });

  const origin = () => new URL(inject('baseUrl')).origin;

  /** The app's worker registration as DevTools knows it, to deliver pushes to. */
  async function registrationOf(cdp: CDPSession): Promise<string> {
    const found = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((each) => each.scopeURL === `${origin()}/` && !each.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    return found;
  }

  /** The notifications the system shows for the app. */
  const shown = (page: Page) =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((each) => ({
        title: each.title,
        body: each.body,
        tag: each.tag,
        url: (each.data as { url?: string } | null)?.url,
      })),
    );

  /** A withdrawal of 20.00 USD paid, as the server says it in `lang`. */
  const paid = (lang: 'en' | 'zh-CN'): PushPayload =>
    withdrawalMessage(translator, lang, { id: 7, status: 'paid', amountCents: 2_000 });

  it('shows a push as a system notification in the member’s language, and a tap opens its page', async () => {
    await context.grantPermissions(['notifications'], { origin: origin() });
    const page = await context.newPage();
    await logIn(page, newMember('push', '10'));
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Under the worker's control from now on, as any page after the first visit.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const cdp = await context.newCDPSession(page);
    const registrationId = await registrationOf(cdp);
    const deliver = (data: PushPayload) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: origin(), registrationId, data: JSON.stringify(data) });

    // The member looks at the app: the page says it, the system shows nothing.
    await recordToasts(page);
    const seen = resultMessage(translator, 'en', { seqno: '20261122-0007', roomId: 1 }, { stake: 2_000, award: 3_920 });
    await deliver(seen);
    await expect
      .poll(async () => (await toastsSeen(page)).map((toast) => toast.text))
      .toContain('Round 20261122-0007: won · Staked 20.00 USD, paid 39.20 USD, net +19.20 USD.');
    expect(await shown(page)).toEqual([]);

    // The member is elsewhere: another tab in front, the app's window without the focus. Headless
    // Chromium keeps every page visible, and lets each act focused unless its emulation is off.
    const elsewhere = await context.newPage();
    await elsewhere.goto('about:blank');
    await elsewhere.bringToFront();
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);
    await deliver(paid('en'));
    await expect
      .poll(() => shown(page))
      .toEqual([
        {
          title: 'Withdrawal paid',
          body: '20.00 USD was paid out (reference 7).',
          tag: 'roundplay-withdrawal',
          url: '/withdraw',
        },
      ]);
    // Another language's payload is shown as it is, and replaces the older one of its kind.
    await deliver(paid('zh-CN'));
    await expect
      .poll(() => shown(page))
      .toEqual([
        {
          title: '提现已支付',
          body: '20.00 USD 已支付（编号 7）。',
          tag: 'roundplay-withdrawal',
          url: '/withdraw',
        },
      ]);

    // A tap: the worker's notificationclick, as the system dispatches it, opens the page in the app's window.
    const [worker] = context.serviceWorkers();
    await worker.evaluate(async (tag) => {
      // The worker's globals (this project's types are the page's, not a worker's).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        dispatchEvent: (event: Event) => boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      const event = new scope.NotificationEvent('notificationclick', { notification });
      // A dispatched event cannot be extended by the page's handler (only the browser's are): its
      // work is awaited here instead.
      const work: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => work.push(promise) });
      scope.dispatchEvent(event);
      await Promise.all(work);
    }, pushTag('withdrawal'));
    await page.waitForURL('**/withdraw');
    expect(await shown(page)).toEqual([]);
  });
});
