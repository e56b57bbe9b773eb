import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { gameInfo, liveOrder, ownOrder, renderRoom, USER } from './game-fixtures';
import { queryKey } from '../../src/client/data/key';

const OWN_ORDER = ownOrder(5);

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const badgeIn = (testId: string) => within(screen.getByTestId(testId)).queryByTestId('stale-badge');

function server() {
  const info = gameInfo({});
  let down = false;
  const fake = fakeFetch({
    [ApiPath.gameInfo]: () => ok(info),
    [ApiPath.userInfo]: () => ok(USER),
    [ApiPath.vorder]: (call) =>
      call.body.isfirst === 1
        ? ok({ list: [liveOrder(1, info.game.seqno)], order_id: 1 })
        : ok({ list: [{ ...OWN_ORDER, seqno: info.game.seqno }] }),
  });
  const fetchImpl: typeof fetch = (input, init) =>
    down ? Promise.reject(new TypeError('Failed to fetch')) : fake.fetch(input, init);
  return { fake, fetchImpl, info, setDown: (value: boolean) => (down = value) };
}

async function openRoom() {
  renderRoom();
  await screen.findByTestId('round-seqno');
  await waitFor(() => expect(screen.getAllByTestId('live-order')).toHaveLength(1));
  await waitFor(() => expect(screen.getByTestId('room-balance').textContent).toBe('1,000.00'));
}

describe('stale, not wrong', () => {
  it('offline: countdown, live orders and balance say since when; buy and cancel are refused; back online it reloads', async () => {
    const { fake, fetchImpl } = server();
    vi.stubGlobal('fetch', fetchImpl);
    await openRoom();
    expect(badgeIn('round-panel')).toBeNull();
    expect(badgeIn('live-orders')).toBeNull();
    expect(badgeIn('balance-panel')).toBeNull();
    // The member looks at their orders while online.
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    const before = await screen.findByRole('dialog', { name: 'My orders' });
    await within(before).findByTestId('own-order');
    fireEvent.click(within(before).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My orders' })).toBeNull());

    void act(() => window.dispatchEvent(new Event('offline')));
    for (const panel of ['round-panel', 'live-orders', 'balance-panel']) {
      await waitFor(() =>
        expect(badgeIn(panel)?.textContent, panel).toMatch(/^Stale since \d\d\/\d\d\/\d{4}, \d\d:\d\d/),
      );
    }
    // The last good values stay on screen.
    expect(screen.getAllByTestId('live-order')).toHaveLength(1);
    expect(screen.getByTestId('room-balance').textContent).toBe('1,000.00');
    expect(screen.getByTestId('countdown').textContent).toMatch(/^0[01]:\d\d$/);

    // Buy is off and the bar says the member is offline.
    const offline = 'You are offline: orders need a connection.';
    fireEvent.click(screen.getByTestId('option-0'));
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '20' } });
    expect(screen.getByTestId('buy-closed').textContent).toBe(offline);
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('button', { name: 'Buy' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Confirm order' })).toBeNull();
    expect(fake.to(ApiPath.order)).toHaveLength(0);

    // The own-orders sheet was loaded before the network went: its cancel is off, and says why.
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    const sheet = await screen.findByRole('dialog', { name: 'My orders' });
    const cancel = within(await within(sheet).findByTestId('own-order')).getByRole('button', {
      name: /^Cancel order/,
    });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    fireEvent.click(cancel);
    expect(within(sheet).getByTestId('cancel-closed').textContent).toBe(offline);
    expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).toBeNull();
    expect(fake.to(ApiPath.gameCancel)).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));

    const infoCalls = fake.to(ApiPath.gameInfo).length;
    void act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.to(ApiPath.gameInfo).length).toBeGreaterThan(infoCalls));
    for (const panel of ['round-panel', 'live-orders', 'balance-panel']) {
      await waitFor(() => expect(badgeIn(panel), panel).toBeNull());
    }
  });

  it('server unreachable while the browser is online: the failed 10 s poll marks the room stale, the next good one clears it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const { fake, fetchImpl, setDown } = server();
      vi.stubGlobal('fetch', fetchImpl);
      const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
      renderRoom();
      for (let i = 0; i < 5; i++) await advance(10);
      expect(screen.getAllByTestId('live-order')).toHaveLength(1);
      expect(badgeIn('live-orders')).toBeNull();

      setDown(true);
      await advance(10_000);
      await advance(10);
      expect(badgeIn('live-orders')?.textContent).toMatch(/^Stale since/);
      expect(badgeIn('round-panel')?.textContent).toMatch(/^Stale since/);
      expect(screen.getAllByTestId('live-order')).toHaveLength(1);
      fireEvent.click(screen.getByTestId('option-1'));
      fireEvent.change(screen.getByTestId('amount'), { target: { value: '20' } });
      expect(screen.getByRole('button', { name: 'Buy' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByTestId('buy-closed').textContent).toBe(
        'The server cannot be reached: orders wait until it answers.',
      );

      setDown(false);
      const infoCalls = fake.to(ApiPath.gameInfo).length;
      await advance(10_000);
      for (let i = 0; i < 5; i++) await advance(10);
      expect(badgeIn('live-orders')).toBeNull();
      // The room reloaded by itself once the server answered again.
      expect(fake.to(ApiPath.gameInfo).length).toBeGreaterThan(infoCalls);
      expect(badgeIn('round-panel')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opened offline: the last room answer kept on the device shows, marked stale, and buying is refused', async () => {
    const { fetchImpl, info } = server();
    vi.stubGlobal('fetch', fetchImpl);
    const first = renderRoom();
    await screen.findByTestId('round-seqno');
    first.unmount();

    online.browserChanged(false);
    renderRoom();
    expect((await screen.findByTestId('round-seqno')).textContent).toBe(info.game.seqno);
    await waitFor(() => expect(badgeIn('round-panel')).not.toBeNull());
    expect(screen.getAllByTestId('result')).toHaveLength(3);
  });
});
