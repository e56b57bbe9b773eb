import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { MessageKey, refuse } from '../../src/shared/errors';
import type { LiveOrder } from '../../src/shared/api/types';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { messageOf } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { gameInfo, liveOrder, renderRoom, USER } from './game-fixtures';
import { queryKey } from '../../src/client/data/key';

/** Lets timers, fetches, IndexedDB and React settle, moving the fake clock by `ms`. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function settle() {
  for (let i = 0; i < 5; i++) await advance(10);
}

const countdown = () => screen.getByTestId('countdown').textContent;
const phase = () => screen.getByTestId('round-state').dataset.phase;
const stateText = () => screen.getByTestId('round-state').textContent;
const caption = () => screen.queryByTestId('countdown-caption')?.textContent ?? null;
const liveRows = () => screen.queryAllByTestId('live-order').length;

let visibility: DocumentVisibilityState = 'visible';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-11-22T08:00:00.000Z'),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A server whose clock runs `skewMs` ahead of the device, with rounds of 12 s closing 8 s before the draw. */
function server(skewMs: number, roundMs = 12_000) {
  const serverNow = () => Date.now() + skewMs;
  const first = gameInfo({ now: serverNow(), drawIn: roundMs, closeIn: roundMs - 8_000, seqno: '20261122-0007' });
  const second = gameInfo({ now: serverNow() + 15_000, drawIn: 12_000, closeIn: 4_000, seqno: '20261122-0008' });
  let live: LiveOrder[] = [liveOrder(1, first.game.seqno), liveOrder(2, first.game.seqno, { value: 10 })];
  const fake = fakeFetch({
    [ApiPath.gameInfo]: () => {
      const info = serverNow() >= first.game.drawAt ? second : first;
      return ok({ ...info, serverTime: serverNow() });
    },
    [ApiPath.userInfo]: () => ok(USER),
    [ApiPath.current]: (call) =>
      ok(call.body.gameseq === first.game.seqno ? { award: 39, total: 10, settled: true } : { award: 0 }),
    [ApiPath.vorder]: (call) => {
      const cursor = Number(call.body.order_id ?? 0);
      const list = live.filter((order) => order.id > cursor && order.seqno === call.body.gameseq);
      return ok({ list, order_id: Math.max(cursor, ...list.map((order) => order.id)) });
    },
  });
  return { fake, first, second, setLive: (next: LiveOrder[]) => (live = next) };
}

describe('countdown states on the server clock', () => {
  it('counts down to when orders close, the draw beside it; far from the close it says open', async () => {
    const { fake } = server(0, 120_000);
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    await settle();
    // Rounds of 2 minutes closing 8 s before the draw: 1:52 to order, not the 2:00 to the draw.
    expect(countdown()).toBe('01:52');
    expect(caption()).toBe('left to order · draw in 02:00');
    expect(stateText()).toBe('Open for orders');
    expect(screen.getByRole('timer', { name: 'Time left to order' }).textContent).toBe('01:52');
    await advance(102_000);
    // The last ten seconds to order are said plainly.
    expect(countdown()).toBe('00:10');
    expect(phase()).toBe('open');
    expect(stateText()).toBe('Orders closing');
    expect(screen.getByRole('button', { name: 'Buy' }).hasAttribute('disabled')).toBe(false);
  });

  it('open -> closed at closeAt -> 0 clears the live list -> next round and balance 3 s later', async () => {
    // The server's clock is 5 minutes ahead of the device: the countdown must not care.
    const { fake, first } = server(5 * 60_000);
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    await settle();

    expect(screen.getByTestId('round-seqno').textContent).toBe(first.game.seqno);
    // Orders close 8 s before the draw: 4 s to order, 12 s to the draw.
    expect(countdown()).toBe('00:04');
    expect(caption()).toBe('left to order · draw in 00:12');
    expect(phase()).toBe('open');
    expect(stateText()).toBe('Orders closing');
    expect(liveRows()).toBe(2);

    await advance(3_000);
    expect(countdown()).toBe('00:01');
    expect(caption()).toBe('left to order · draw in 00:09');
    expect(phase()).toBe('open');

    await advance(1_000);
    // Closed: the figure is now the time to the draw, and says so.
    expect(countdown()).toBe('00:08');
    expect(caption()).toBe('until the draw');
    expect(screen.getByRole('timer', { name: 'Time to the draw' }).textContent).toBe('00:08');
    expect(phase()).toBe('closed');
    expect(stateText()).toBe('Closed for orders');
    expect(screen.getByRole('button', { name: 'Buy' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('buy-closed').textContent).toBe(messageOf(refuse(MessageKey.Stopped)));
    fireEvent.click(screen.getByTestId('option-0'));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(messageOf(refuse(MessageKey.Stopped)));

    const infoCalls = fake.to(ApiPath.gameInfo).length;
    const profileCalls = fake.to(ApiPath.userInfo).length;
    await advance(8_000);
    expect(countdown()).toBe('00:00');
    expect(phase()).toBe('drawn');
    expect(liveRows()).toBe(0);
    expect(fake.to(ApiPath.gameInfo)).toHaveLength(infoCalls);

    await advance(2_900);
    expect(fake.to(ApiPath.gameInfo)).toHaveLength(infoCalls);
    await advance(150);
    await settle();
    expect(fake.to(ApiPath.gameInfo)).toHaveLength(infoCalls + 1);
    expect(fake.to(ApiPath.userInfo).length).toBeGreaterThan(profileCalls);
    expect(screen.getByTestId('round-seqno').textContent).toBe('20261122-0008');
    expect(phase()).toBe('open');
    // The next round closes 4 s after it was stamped.
    expect(countdown()).toMatch(/^00:0[1-4]$/);
    // What the drawn round came to for the member is said once the next round is there.
    expect(fake.to(ApiPath.current).at(-1)!.body).toMatchObject({ gameseq: first.game.seqno, gametype: 15 });
    expect(
      screen.getByText('Round 20261122-0007: won. Staked 10.00 USD, paid 39.00 USD, net +29.00 USD.'),
    ).toBeTruthy();
  });

  it('offline past the draw: the panel says the state is unknown since when, not a countdown at 00:00', async () => {
    const { fake } = server(0);
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    await settle();
    expect(phase()).toBe('open');
    void act(() => window.dispatchEvent(new Event('offline')));
    await advance(6_000);
    // Still a projection of a round known to be running: the countdown goes on, marked stale.
    expect(phase()).toBe('closed');
    expect(countdown()).toBe('00:06');
    await advance(7_000);
    expect(phase()).toBe('unknown');
    expect(screen.getByTestId('round-state').textContent).toBe('State unknown');
    expect(countdown()).toBe('--:--');
    const badge = screen.getByTestId('round-panel').querySelector('.stale-badge');
    expect(badge?.textContent).toMatch(/^Stale since \d\d\/\d\d\/\d{4}, \d\d:\d\d/);
    void act(() => window.dispatchEvent(new Event('online')));
    await settle();
    expect(phase()).not.toBe('unknown');
    expect(countdown()).toMatch(/^\d\d:\d\d$/);
  });

  it('new live orders are revealed one every 3 s; polling stops while hidden and resumes with a reload when visible', async () => {
    const { fake, first, setLive } = server(0, 120_000);
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    await settle();
    expect(liveRows()).toBe(2);

    const seqno = first.game.seqno;
    setLive([liveOrder(1, seqno), liveOrder(2, seqno), liveOrder(3, seqno), liveOrder(4, seqno), liveOrder(5, seqno)]);
    const vorderCalls = () => fake.to(ApiPath.vorder).filter((call) => call.body.isfirst === 1).length;
    const before = vorderCalls();
    // The first poll went out on entry (settle() took 50 ms of the 10 s).
    await advance(9_900);
    expect(vorderCalls()).toBe(before);
    await advance(60);
    await advance(10);
    expect(vorderCalls()).toBe(before + 1);
    expect(fake.to(ApiPath.vorder).at(-1)!.body).toMatchObject({ isfirst: 1, roomid: 5, order_id: 2, gameseq: seqno });
    expect(liveRows()).toBe(3);
    await advance(2_900);
    expect(liveRows()).toBe(3);
    await advance(150);
    expect(liveRows()).toBe(4);
    await advance(3_000);
    expect(liveRows()).toBe(5);
    // Newest on top.
    expect(screen.getAllByTestId('live-order')[0].textContent).toContain('me***5');

    visibility = 'hidden';
    void act(() => document.dispatchEvent(new Event('visibilitychange')));
    const hiddenAt = vorderCalls();
    const infoCalls = fake.to(ApiPath.gameInfo).length;
    await advance(30_000);
    expect(vorderCalls()).toBe(hiddenAt);
    expect(fake.to(ApiPath.gameInfo)).toHaveLength(infoCalls);

    visibility = 'visible';
    void act(() => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(fake.to(ApiPath.gameInfo).length).toBeGreaterThan(infoCalls);
    expect(vorderCalls()).toBeGreaterThan(hiddenAt);
  });
});
