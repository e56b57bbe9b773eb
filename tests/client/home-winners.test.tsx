import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { renderHome, stubReducedMotion, winner } from './home-fixtures';
import { queryKey } from '../../src/client/data/key';

const originalMatchMedia = window.matchMedia;

beforeEach(async () => {
  await resetClientState();
});

afterEach(async () => {
  vi.useRealTimers();
  window.matchMedia = originalMatchMedia;
  await activateLocale('en', { persist: false });
});

const rows = () => screen.queryAllByTestId('winner-row');
const ticker = () => screen.getByTestId('winners');

describe('home winners ticker', () => {
  it('shows the rows getWinners returns: masked user, outcome, amount and date', async () => {
    const fake = fakeFetch({
      [ApiPath.winners]: () =>
        ok([
          winner({ id: 9, user: 'ab****12', valuecn: 'Big', money: 1950, time: 1_773_000_000 }),
          winner({ id: 8, user: 'zz****99', valuecn: 'Triple', money: 9000.5 }),
        ]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderHome();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(within(first).getByTestId('winner-user').textContent).toBe('ab****12');
    expect(within(first).getByTestId('winner-outcome').textContent).toBe('Big');
    expect(within(first).getByTestId('winner-money').textContent).toBe('+1,950.00');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe(new Date(1_773_000_000 * 1000).toISOString());
    expect(within(second).getByTestId('winner-money').textContent).toBe('+9,000.50');
    expect(within(ticker()).queryByTestId('winners-empty')).toBeNull();
    // Two rows fit the window: no scrolling copy.
    expect(screen.getByTestId('winners-window').classList.contains('is-scrolling')).toBe(false);
  });

  it("each row is a member's round with its net gain and every outcome it was won on; a row that is no gain is not shown", async () => {
    const fake = fakeFetch({
      [ApiPath.winners]: () =>
        ok([
          winner({ id: 21, user: 'tw****02', value: 0, values: [0, 2], money: 56 }),
          // What a ticker of winning lines said of Big and Small at 165 each: never shown as a win.
          winner({ id: 20, user: 'tr****88', value: 0, values: [0], money: -8.25 }),
          winner({ id: 19, user: 'ev****00', value: 1, values: [1], money: 0 }),
        ]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderHome();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const [row] = rows();
    expect(within(row).getByTestId('winner-user').textContent).toBe('tw****02');
    expect(within(row).getByTestId('winner-outcome').textContent).toBe('Big · Odd');
    expect(within(row).getByTestId('winner-money').textContent).toBe('+56.00');
    expect(row.textContent).toContain('Net gain of the round:');
    expect(ticker().textContent).not.toContain('tr****88');
    expect(ticker().textContent).not.toContain('-8.25');
  });

  it('an empty list says "No winners yet" and shows no rows at all', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.winners]: () => ok([]) }).fetch);
    renderHome();
    const empty = await screen.findByTestId('winners-empty');
    expect(empty.textContent).toContain('No winners yet');
    expect(rows()).toHaveLength(0);
    expect(ticker().querySelectorAll('li')).toHaveLength(0);
  });

  it('scrolls a long list as a seamless loop (a hidden second copy), listing each row once for tests and readers', async () => {
    const list = Array.from({ length: 8 }, (_, i) => winner({ id: 100 - i }));
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.winners]: () => ok(list) }).fetch);
    renderHome();
    await waitFor(() => expect(rows()).toHaveLength(8));
    const window_ = screen.getByTestId('winners-window');
    expect(window_.classList.contains('is-scrolling')).toBe(true);
    const lists = window_.querySelectorAll('ol');
    expect(lists).toHaveLength(2);
    expect(lists[1].getAttribute('aria-hidden')).toBe('true');
  });

  it('does not scroll when the member prefers reduced motion', async () => {
    stubReducedMotion(true);
    const list = Array.from({ length: 8 }, (_, i) => winner({ id: 200 - i }));
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.winners]: () => ok(list) }).fetch);
    renderHome();
    await waitFor(() => expect(rows()).toHaveLength(8));
    const window_ = screen.getByTestId('winners-window');
    expect(window_.classList.contains('is-scrolling')).toBe(false);
    expect(window_.querySelectorAll('ol')).toHaveLength(1);
  });

  it('asks again about every 30 seconds while visible', async () => {
    let answer = [winner({ id: 1, user: 'first***' })];
    const fake = fakeFetch({ [ApiPath.winners]: () => ok(answer) });
    vi.stubGlobal('fetch', fake.fetch);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderHome();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => undefined);
    expect(fake.to(ApiPath.winners)).toHaveLength(1);

    answer = [winner({ id: 2, user: 'second**' }), ...answer];
    await act(async () => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(fake.to(ApiPath.winners)).toHaveLength(2));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByTestId('winner-user').textContent).toBe('second**');
  });

  it('offline: the cached rows with a stale badge, nothing sent', async () => {
    const fake = fakeFetch({ [ApiPath.winners]: () => ok([]) });
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData(queryKey(ApiPath.winners, {}), [winner({ id: 3, user: 'ca****ed' })], Date.now() - 120_000);
    online.browserChanged(false);
    renderHome();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(ticker()).getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    expect(fake.to(ApiPath.winners)).toHaveLength(0);
  });

  it('offline with nothing cached: says so, without rows', async () => {
    online.browserChanged(false);
    renderHome();
    expect(await screen.findByTestId('winners-unavailable')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('names outcomes in the chosen language from the index, so a cached list follows a switch offline', async () => {
    const fake = fakeFetch({ [ApiPath.winners]: () => ok([]) });
    vi.stubGlobal('fetch', fake.fetch);
    // valuecn is the language the list was read in; the row names value 0 in the member's language.
    await setQueryData(
      queryKey(ApiPath.winners, {}),
      [winner({ id: 4, value: 0, valuecn: 'Big' })],
      Date.now() - 60_000,
    );
    online.browserChanged(false);
    renderHome();
    await waitFor(() => expect(within(rows()[0]).getByTestId('winner-outcome').textContent).toBe('Big'));
    await act(async () => activateLocale('vi', { persist: false }));
    await waitFor(() => expect(within(rows()[0]).getByTestId('winner-outcome').textContent).toBe('Lớn'));
    expect(fake.to(ApiPath.winners)).toHaveLength(0);
  });
});
