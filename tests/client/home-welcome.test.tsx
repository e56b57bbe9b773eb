import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { Locale } from '../../src/shared/locale';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale, formatDateTime } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { renderHome, USER } from './home-fixtures';
import { queryKey } from '../../src/client/data/key';

beforeEach(async () => {
  await resetClientState();
});

afterEach(async () => {
  vi.useRealTimers();
  await activateLocale('en', { persist: false });
});

const quickMenu = () => screen.getByRole('navigation', { name: 'Quick menu' });

describe('home welcome bar and quick menu', () => {
  it('a member sees nickname, VIP level with its name, balance and a Go VIP action', async () => {
    startSession('token');
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.userInfo]: () => ok({ ...USER, level: 4 }) }).fetch);
    renderHome();
    expect((await screen.findByTestId('home-nickname')).textContent).toBe('Demo');
    expect(screen.getByTestId('home-balance').textContent).toBe('1,234.50');
    expect(screen.getByTestId('home-level').textContent).toBe('VIP 4');
    expect(screen.getByText('Jade')).toBeTruthy();
    expect(document.querySelector('.welcome .level-badge')?.getAttribute('data-level')).toBe('4');
    expect(screen.getByTestId('go-vip').textContent).toBe('Go VIP');
  });

  it('Go VIP with a token opens the VIP room list (/room_list/1)', async () => {
    startSession('token');
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    online.browserChanged(false);
    renderHome();
    fireEvent.click(await screen.findByTestId('go-vip'));
    await waitFor(() => expect(window.location.pathname).toBe('/room_list/1'));

    window.history.replaceState(null, '', '/');
    fireEvent.click(within(quickMenu()).getByRole('button', { name: 'VIP rooms' }));
    await waitFor(() => expect(window.location.pathname).toBe('/room_list/1'));
  });

  it('during a cool-off, home says so with its end and offers no play, VIP or promotion; once it ends they are back', async () => {
    // The clock is the test's: the pause lasts a minute however slow the machine, then ends at once.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    startSession('token');
    const until = Date.now() + 60_000;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.userInfo]: () => ok(USER),
        [ApiPath.playLimits]: () =>
          ok({ limits: [], pause: { kind: 'cooloff', until }, realityCheck: 30, history: [], serverTime: Date.now() }),
      }).fetch,
    );
    renderHome();
    const banner = await screen.findByTestId('pause-banner');
    expect(banner.textContent).toContain(`Cool-off until ${formatDateTime(until)}: orders are refused until then.`);
    expect(within(banner).getByRole('link', { name: 'Responsible play' }).getAttribute('href')).toBe(
      '/responsible_play',
    );
    await screen.findByTestId('home-nickname');
    expect(screen.queryByTestId('go-vip')).toBeNull();
    expect(within(quickMenu()).queryByRole('button', { name: 'VIP rooms' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    expect(screen.queryAllByTestId('game-tile')).toHaveLength(0);
    // The pause ends: home is as before, without a reload.
    await act(async () => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(screen.queryByTestId('pause-banner')).toBeNull());
    expect(screen.getByTestId('go-vip')).toBeTruthy();
  });

  it('without a token the VIP action goes to log in, and the welcome bar offers log in and register', async () => {
    renderHome();
    expect(screen.queryByTestId('go-vip')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    fireEvent.click(within(quickMenu()).getByRole('button', { name: 'VIP rooms' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('offline, the welcome bar shows the cached profile with a stale badge', async () => {
    startSession('token');
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER, Date.now() - 60_000);
    online.browserChanged(false);
    renderHome();
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('1,234.50'));
    const welcome = screen.getByRole('region', { name: 'Welcome' });
    expect(within(welcome).getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
  });

  it('the quick menu opens customer service from config, the introduction (/info/26), help, language, trend and messages', async () => {
    await setQueryData(queryKey(ApiPath.getConfig, {}), {
      siteName: 'RoundPlay',
      serviceUrl: 'https://help.example.com/chat',
    });
    online.browserChanged(false);
    renderHome();
    const service = () => within(quickMenu()).getByRole('link', { name: 'Customer service' });
    await waitFor(() => expect(service().getAttribute('href')).toBe('https://help.example.com/chat'));
    expect(service().getAttribute('target')).toBe('_blank');
    expect(within(quickMenu()).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/info/26');
    expect(within(quickMenu()).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help/list');
    expect(within(quickMenu()).getByRole('link', { name: 'Language' }).getAttribute('href')).toBe('/languageSet');
    // The trend page has no tab of its own (SPEC.md section 2): home leads there.
    expect(within(quickMenu()).getByRole('link', { name: 'Market trend' }).getAttribute('href')).toBe('/lotteryprize');
    // The operator's lock-up listings are not one tap from home (the account menu leads there).
    expect(within(quickMenu()).queryByRole('link', { name: 'Mining pool' })).toBeNull();
    expect(within(quickMenu()).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/message');
  });

  const CAPTIONS: [Locale, string][] = [
    ['en', 'Timed rounds, provably fair'],
    ['vi', 'Vòng chơi định giờ, công bằng có thể kiểm chứng'],
    ['zh-CN', '定时回合，公平可验证'],
    ['zh-TW', '定時回合，公平可驗證'],
  ];
  it.each(CAPTIONS)('the logo carries the site caption of the language (%s)', async (locale, caption) => {
    await activateLocale(locale, { persist: false });
    online.browserChanged(false);
    renderHome();
    expect(screen.getByTestId('home-tagline').textContent).toBe(caption);
    expect(screen.getByTestId('home-brand').getAttribute('lang')).toBe(locale);
  });
});
