/**
 * The app's own install offer: not before the member has played a round or read the fund log,
 * Chromium's prompt behind Install, a hint on iOS Safari; shown once, on a tab-bar page as it
 * opens (never in a room), and quiet for a week after it was shown or after Not now.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { InstallPrompt } from '../../src/client/app/InstallPrompt';
import IncomePage from '../../src/client/features/wallet/IncomePage';
import { INSTALL_QUIET_DAYS, earnInstallOffer, listenForInstallPrompt } from '../../src/client/pwa/installOffer';
import { startSession } from '../../src/client/api/session';
import { ApiPath } from '../../src/shared/api/paths';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { renderScreen } from './wallet-fixtures';
import { gameInfo, renderRoom, USER } from './game-fixtures';
import { setQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';

/**
 * The member's play settings as the device holds them, no pause: the offer waits for them, since a
 * member who paused play is offered nothing.
 */
const settingsRead = () =>
  setQueryData(queryKey(ApiPath.playLimits, {}), {
    limits: [],
    pause: null,
    realityCheck: 0,
    history: [],
    serverTime: Date.now(),
  });

const DAY = 24 * 3600_000;
let now = Date.UTC(2026, 10, 24, 12);

/** Chromium's event, with the prompt the member answers with `outcome`. */
function offerPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const offer = () => screen.queryByTestId('install-prompt');

function renderPrompt() {
  return render(
    <Providers>
      <InstallPrompt />
    </Providers>,
  );
}

/** Each test starts as the app does, with nothing caught. */
let stopListening: () => void = () => undefined;

beforeEach(async () => {
  await resetClientState();
  stopListening = listenForInstallPrompt();
  now = Date.UTC(2026, 10, 24, 12);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});

afterEach(() => {
  stopListening();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The member goes to another page of the app. */
function goTo(path: string) {
  act(() => navigate(path));
}

describe('install offer', () => {
  it('waits for a reason to install, opens with the next tab-bar page, and Install opens the browser prompt', async () => {
    renderPrompt();
    const event = offerPrompt('accepted');
    expect(event.defaultPrevented).toBe(true);
    // The browser may install, but the member has not done anything yet: nothing on first paint.
    expect(offer()).toBeNull();

    act(() => earnInstallOffer());
    // Possible now, but a page is up: it never appears under the member's finger.
    expect(offer()).toBeNull();
    goTo('/user');
    expect(offer()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(event.prompt).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(offer()).toBeNull());
  });

  it(`Not now keeps it away for ${INSTALL_QUIET_DAYS} days (a week), then it may come back`, async () => {
    expect(INSTALL_QUIET_DAYS).toBe(7);
    renderPrompt();
    act(() => earnInstallOffer());
    offerPrompt('accepted');
    goTo('/user');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();

    now += 6 * DAY;

    vi.setSystemTime(now);
    offerPrompt('accepted');
    goTo('/');
    expect(offer()).toBeNull();

    now += 2 * DAY;

    vi.setSystemTime(now);
    offerPrompt('accepted');
    goTo('/user');
    expect(offer()).not.toBeNull();
  });

  it('is shown once: gone when the member leaves its page, and not on any other page for a week, answered or not', () => {
    renderPrompt();
    act(() => earnInstallOffer());
    offerPrompt('accepted');
    goTo('/user');
    expect(offer()).not.toBeNull();
    goTo('/');
    expect(offer()).toBeNull();
    goTo('/recharge');
    expect(offer()).toBeNull();
    goTo('/user');
    expect(offer()).toBeNull();
    now += 7 * DAY + 1;
    vi.setSystemTime(now);
    goTo('/');
    expect(offer()).not.toBeNull();
  });

  it("declining in the browser's own dialog counts as Not now", async () => {
    renderPrompt();
    act(() => earnInstallOffer());
    offerPrompt('dismissed');
    goTo('/user');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(offer()).toBeNull());
    offerPrompt('accepted');
    goTo('/');
    expect(offer()).toBeNull();
  });

  it('on iOS Safari it says how to add the app to the home screen', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    renderPrompt();
    expect(offer()).toBeNull();
    act(() => earnInstallOffer());
    goTo('/user');
    expect(offer()?.textContent).toContain('tap Share, then Add to Home Screen');
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('is not offered to a member whose play settings are not read yet (a pause not known)', async () => {
    startSession('token');
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    earnInstallOffer();
    renderPrompt();
    offerPrompt('accepted');
    goTo('/user');
    expect(offer()).toBeNull();
    await act(async () => settingsRead());
    goTo('/');
    expect(offer()).not.toBeNull();
  });

  it('a visit to the fund log earns the offer, which opens with the next tab-bar page', async () => {
    startSession('token');
    await settingsRead();
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.financeFlow]: () => ok({ list: [], count: 0 }) }).fetch);
    renderPrompt();
    offerPrompt('accepted');
    expect(offer()).toBeNull();
    renderScreen(IncomePage);
    goTo('/my_income');
    await waitFor(() => expect(localStorage.getItem('installOfferEarned')).toBe('1'));
    // The fund log has no tab bar: not there.
    expect(offer()).toBeNull();
    goTo('/user');
    expect(offer()).not.toBeNull();
  });

  it('a first order placed in a room earns the offer; it never shows in the room (over the amount and Buy), but on the next tab-bar page', async () => {
    startSession('token');
    await settingsRead();
    const info = gameInfo({});
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.gameInfo]: () => ok(info),
        [ApiPath.userInfo]: () => ok(USER),
        [ApiPath.vorder]: (call) => (call.body.isfirst === 1 ? ok({ list: [], order_id: 0 }) : ok({ list: [] })),
        [ApiPath.order]: () => ok({ order_ids: [1], seqno: info.game.seqno, money: 980 }),
      }).fetch,
    );
    offerPrompt('accepted');
    renderRoom();
    renderPrompt();
    await screen.findByTestId('round-seqno');
    await waitFor(() => expect(screen.getByTestId('room-balance').textContent).not.toBe('—'));
    fireEvent.click(screen.getByTestId('option-0'));
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(localStorage.getItem('installOfferEarned')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Order placed');
    expect(localStorage.getItem('installOfferEarned')).toBe('1');
    // Still in the room, a moment and a page later: never there.
    goTo('/activity/5?again');
    expect(offer()).toBeNull();
    goTo('/');
    expect(offer()).not.toBeNull();
  });
});
