/**
 * The app's own install offer: not before the member has played a round or read the fund log,
 * Chromium's prompt behind Install, a hint on iOS Safari, and quiet for 30 days after Not now.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { InstallPrompt } from '../../src/client/app/InstallPrompt';
import IncomePage from '../../src/client/features/wallet/IncomePage';
import {
  INSTALL_QUIET_DAYS,
  earnInstallOffer,
  listenForInstallPrompt,
  resetInstallOfferForTest,
} from '../../src/client/pwa/installOffer';
import { setClockForTest } from '../../src/client/data/clock';
import { startSession } from '../../src/client/api/session';
import { ApiPath } from '../../src/shared/api/paths';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { renderScreen } from './wallet-fixtures';
import { gameInfo, renderRoom, USER } from './game-fixtures';

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

beforeAll(() => listenForInstallPrompt());

beforeEach(async () => {
  await resetClientState();
  resetInstallOfferForTest();
  now = Date.UTC(2026, 10, 24, 12);
  setClockForTest(() => now);
});

afterEach(() => {
  setClockForTest(null);
  vi.unstubAllGlobals();
});

describe('install offer', () => {
  it('waits for a reason to install, then Install opens the browser prompt', async () => {
    renderPrompt();
    const event = offerPrompt('accepted');
    expect(event.defaultPrevented).toBe(true);
    // The browser may install, but the member has not done anything yet: nothing on first paint.
    expect(offer()).toBeNull();

    act(() => earnInstallOffer());
    expect(offer()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(event.prompt).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(offer()).toBeNull());
  });

  it('Not now keeps it away for 30 days, then it may come back', async () => {
    renderPrompt();
    act(() => earnInstallOffer());
    offerPrompt('accepted');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();

    now += (INSTALL_QUIET_DAYS - 1) * DAY;
    offerPrompt('accepted');
    expect(offer()).toBeNull();

    now += 2 * DAY;
    offerPrompt('accepted');
    expect(offer()).not.toBeNull();
  });

  it("declining in the browser's own dialog counts as Not now", async () => {
    renderPrompt();
    act(() => earnInstallOffer());
    offerPrompt('dismissed');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(offer()).toBeNull());
    offerPrompt('accepted');
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
    expect(offer()?.textContent).toContain('tap Share, then Add to Home Screen');
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('a visit to the fund log earns the offer', async () => {
    startSession('token');
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.financeFlow]: () => ok({ list: [], count: 0 }) }).fetch);
    renderPrompt();
    offerPrompt('accepted');
    expect(offer()).toBeNull();
    renderScreen(IncomePage);
    await waitFor(() => expect(offer()).not.toBeNull());
  });

  it('a first order placed in a room earns the offer; choosing and asking to confirm do not', async () => {
    startSession('token');
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
    renderPrompt();
    offerPrompt('accepted');
    renderRoom();
    await screen.findByTestId('round-seqno');
    await waitFor(() => expect(screen.getByTestId('room-balance').textContent).not.toBe('—'));
    fireEvent.click(screen.getByTestId('option-0'));
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(offer()).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Order placed');
    await waitFor(() => expect(offer()).not.toBeNull());
  });
});
