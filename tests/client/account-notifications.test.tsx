/**
 * The notifications a member asked for (issue 47), in the app: offered in the settings only once the
 * member has played, in a browser that can receive them, from a server that sends them; the
 * browser's permission asked only once a kind is turned on; the device's subscription sent with
 * the kinds chosen, changed and ended; the security page's list shows each session's and removes
 * it; logout ends the browser's subscription; a push the worker hands the page is a toast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { SessionItem } from '../../src/shared/api/types';
import SettingsPage from '../../src/client/features/account/SettingsPage';
import PasswordMenuPage from '../../src/client/features/account/PasswordMenuPage';
import { startSession } from '../../src/client/api/session';
import { logout } from '../../src/client/data';
import { connectPushMessages } from '../../src/client/app/pushMessages';
import { toast } from '../../src/client/ui/toast';
import { fakeFetch, ok, resetClientState } from './helpers';
import { ownOrder } from './game-fixtures';
import { renderScreen } from './wallet-fixtures';

/** A VAPID public key's shape: an uncompressed P-256 point, 65 bytes in base64url. */
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const P256DH = `B${'Q'.repeat(86)}`;
const AUTH = 'a'.repeat(22);

const THIS: SessionItem = {
  browser: 'Chrome',
  os: 'Android',
  place: '203.0.113.*',
  createdAt: 1_760_000_000_000,
  lastUsedAt: 1_760_100_000_000,
  current: true,
  push: null,
};
const OTHER: SessionItem = { ...THIS, browser: 'Safari', os: 'iPhone', current: false };

/** The browser's side, faked: its permission, the worker's registration and its push manager. */
function fakeBrowserPush({
  permission = 'default',
  answer = 'granted',
}: { permission?: string; answer?: string } = {}) {
  let held: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: vi.fn(() => {
      held = null;
      return Promise.resolve(true);
    }),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(held)),
    subscribe: vi.fn((_options: PushSubscriptionOptionsInit) => {
      held = subscription;
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(() => {
    FakeNotification.permission = answer;
    return Promise.resolve(answer);
  });
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  const worker = new EventTarget() as EventTarget & Record<string, unknown>;
  worker.ready = Promise.resolve(registration);
  worker.getRegistration = () => Promise.resolve(registration);
  worker.startMessages = () => undefined;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  return {
    subscription,
    pushManager,
    requestPermission,
    worker,
    hold: () => {
      held = subscription;
    },
  };
}

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/my_set');
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

/** The server's answers: the member's newest order line (none before playing), the key, the sessions. */
function server({ played = true, publicKey = PUBLIC_KEY, sessions = () => [THIS] as SessionItem[] } = {}) {
  return fakeFetch({
    [ApiPath.gameLog]: () => ok(played ? [ownOrder(3)] : []),
    [ApiPath.pushKey]: () => ok({ publicKey }),
    [ApiPath.sessions]: () => ok(sessions()),
    [ApiPath.userInfo]: () => ok({ name: 'demo01', nickname: '', level: 1, money: 0, totalWin: 0, noPassword2: 0 }),
    [ApiPath.pushSubscribe]: () => ok({ id: 7 }),
    [ApiPath.pushUnsubscribe]: () => ok(null),
    [ApiPath.logout]: () => ok(null),
  });
}

const toggle = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('notifications in the settings', () => {
  it('are not offered before the member has played, and the browser is asked nothing', async () => {
    const browser = fakeBrowserPush();
    const fake = server({ played: false });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(SettingsPage);
    await waitFor(() => expect(fake.to(ApiPath.gameLog)).toHaveLength(1));
    expect(fake.to(ApiPath.gameLog)[0].body).toMatchObject({ limit: 1 });
    // The rest of the page is drawn; the section never is.
    await screen.findByRole('link', { name: /Language/ });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Notifications')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(fake.to(ApiPath.pushKey)).toHaveLength(0);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('are not offered when the server sends none, nor in a browser without push', async () => {
    fakeBrowserPush();
    const off = server({ publicKey: '' });
    vi.stubGlobal('fetch', off.fetch);
    const { unmount } = renderScreen(SettingsPage);
    await waitFor(() => expect(off.to(ApiPath.pushKey)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('checkbox')).toBeNull();
    unmount();

    vi.unstubAllGlobals();
    const on = server();
    vi.stubGlobal('fetch', on.fetch);
    renderScreen(SettingsPage);
    // The member has played (the line read above is kept): only the browser says no.
    await screen.findByRole('link', { name: /Language/ });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(on.to(ApiPath.pushKey)).toHaveLength(0);
  });

  it('once played: asks the permission only when a kind is turned on, then subscribes and sends the kinds', async () => {
    const browser = fakeBrowserPush();
    let list: SessionItem[] = [THIS, OTHER];
    const fake = server({ sessions: () => list });
    fake.calls.length = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await fake.fetch(input, init);
      // The server records the subscription: the current session now lists it.
      if (new URL(String(input instanceof Request ? input.url : input)).pathname === ApiPath.pushSubscribe)
        list = [{ ...THIS, push: { id: 7, kinds: ['result'] } }, OTHER];
      return answer;
    });
    renderScreen(SettingsPage);
    const result = await waitFor(() => toggle(/Round results/));
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    // Every kind is off, and nothing was asked of the browser on arrival.
    expect([/Round results/, /Withdrawals/, /Play limits/, /Breaks from play/].map((n) => toggle(n).checked)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    fireEvent.click(result);
    await waitFor(() => expect(fake.to(ApiPath.pushSubscribe)).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([4, ...new Array<number>(64).fill(0)]);
    expect(fake.to(ApiPath.pushSubscribe)[0].body).toMatchObject({
      endpoint: ENDPOINT,
      p256dh: P256DH,
      auth: AUTH,
      kinds: ['result'],
    });
    // The list asked again says what this device now asks for.
    await waitFor(() => expect(toggle(/Round results/).checked).toBe(true));
    expect(toggle(/Withdrawals/).checked).toBe(false);
  });

  it('a refused permission changes nothing and says so', async () => {
    const browser = fakeBrowserPush({ answer: 'denied' });
    const fake = server();
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(SettingsPage);
    const withdrawals = await waitFor(() => toggle(/Withdrawals/));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(withdrawals);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications are blocked for this app/);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fake.to(ApiPath.pushSubscribe)).toHaveLength(0);
    await waitFor(() => expect(toggle(/Withdrawals/).checked).toBe(false));
    expect(toggle(/Withdrawals/).disabled).toBe(false);
  });

  it('turning a kind off sends the kinds left; turning the last one off ends the subscription on both ends', async () => {
    const browser = fakeBrowserPush({ permission: 'granted' });
    browser.hold();
    let kinds: SessionItem['push'] = { id: 7, kinds: ['result', 'withdrawal'] };
    const fake = server({ sessions: () => [{ ...THIS, push: kinds }] });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(SettingsPage);
    await waitFor(() => expect(toggle(/Withdrawals/).checked).toBe(true));
    expect(toggle(/Round results/).checked).toBe(true);

    kinds = { id: 7, kinds: ['result'] };
    fireEvent.click(toggle(/Withdrawals/));
    await waitFor(() => expect(fake.to(ApiPath.pushSubscribe)).toHaveLength(1));
    expect(fake.to(ApiPath.pushSubscribe)[0].body).toMatchObject({ endpoint: ENDPOINT, kinds: ['result'] });
    // Already granted: not asked again; the subscription held is the one sent.
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    await waitFor(() => expect(toggle(/Withdrawals/).checked).toBe(false));

    kinds = null;
    fireEvent.click(toggle(/Round results/));
    await waitFor(() => expect(fake.to(ApiPath.pushUnsubscribe)).toHaveLength(1));
    expect(fake.to(ApiPath.pushUnsubscribe)[0].body).not.toHaveProperty('id');
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toggle(/Round results/).checked).toBe(false));
    expect(fake.to(ApiPath.pushSubscribe)).toHaveLength(1);
  });
});

describe('notifications on the security page', () => {
  it("lists each session's kinds and removes another device's", async () => {
    fakeBrowserPush({ permission: 'granted' });
    let other: SessionItem['push'] = { id: 9, kinds: ['result', 'limit'] };
    const fake = server({ sessions: () => [THIS, { ...OTHER, push: other }] });
    vi.stubGlobal('fetch', fake.fetch);
    window.history.replaceState(null, '', '/my_password');
    renderScreen(PasswordMenuPage);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(2));
    const [mine, theirs] = screen.getAllByTestId('session');
    expect(within(mine).queryByTestId('session-push')).toBeNull();
    const row = within(theirs).getByTestId('session-push');
    expect(row.textContent).toContain('Notifications: Round results, Play limits');

    other = null;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.to(ApiPath.pushUnsubscribe)).toHaveLength(1));
    expect(fake.to(ApiPath.pushUnsubscribe)[0].body).toMatchObject({ id: 9 });
    await waitFor(() => expect(screen.queryByTestId('session-push')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Notifications removed');
  });
});

describe('this device', () => {
  it("logout ends the browser's subscription", async () => {
    const browser = fakeBrowserPush({ permission: 'granted' });
    browser.hold();
    vi.stubGlobal('fetch', server().fetch);
    await logout();
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('a push the worker hands the page is a toast in its words', () => {
    const browser = fakeBrowserPush();
    const stop = connectPushMessages();
    const payload = {
      kind: 'result',
      title: 'Round 20261122-0007',
      body: 'You won 39.20 USD',
      url: '/user',
      net: 3920,
    };
    browser.worker.dispatchEvent(new MessageEvent('message', { data: { type: 'roundplay-push', payload } }));
    // Not the app's: ignored.
    browser.worker.dispatchEvent(new MessageEvent('message', { data: { type: 'other', payload } }));
    expect(toast.items.get()).toEqual([
      expect.objectContaining({ kind: 'success', text: 'Round 20261122-0007 · You won 39.20 USD' }),
    ]);
    stop();
  });
});
