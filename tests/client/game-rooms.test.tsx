import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { ApiPath } from '../../src/shared/api/paths';
import type { HomeTile, Room } from '../../src/shared/api/types';
import { clearSession, startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale } from '../../src/client/i18n';
import RoomListPage from '../../src/client/features/game/RoomListPage';
import HomePage from '../../src/client/features/home/HomePage';
import { Toaster } from '../../src/client/ui';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { ROOM, USER } from './game-fixtures';
import { queryKey } from '../../src/client/data/key';

const STANDARD: Room = {
  ...ROOM,
  id: 5,
  title: 'USDT Standard',
  titles: { en: 'USDT Standard', vi: 'USDT Tiêu chuẩn', 'zh-CN': 'USDT 标准', 'zh-TW': '' },
  kind: 'standard',
  minjoin: 100,
  minlevel: 0,
};
const VIP: Room = { ...ROOM, id: 6, title: 'USDT VIP', kind: 'vip', minjoin: 500, minlevel: 2 };
const BTC: Room = { ...ROOM, id: 9, type: 2, title: 'BTC Superior', kind: 'superior', minjoin: 1000, minlevel: 0 };

function server(user = USER) {
  return fakeFetch({
    [ApiPath.roomList]: (call) =>
      ok(call.body.roomtype === 2 ? [BTC] : call.body.roomtype === 1 ? [STANDARD, VIP] : []),
    [ApiPath.userInfo]: () => ok(user),
  });
}

function renderRooms(path = '/room_list/1') {
  window.history.replaceState(null, '', path);
  return render(
    <Providers>
      <Route path="/room_list/:type" component={RoomListPage} />
      <Toaster />
    </Providers>,
  );
}

const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent ?? '');

beforeEach(async () => {
  await resetClientState();
  startSession('token');
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

describe('room list', () => {
  it('tabs USDT, BTC, ETH (roomtype 1, 2, 3); cards show title, kind, minimum to join and odds', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    const fake = server();
    vi.stubGlobal('fetch', fake.fetch);
    renderRooms('/room_list/1');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['USDT', 'BTC', 'ETH']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    const card = await screen.findByRole('button', { name: 'USDT Standard' });
    expect(card.textContent).toContain('Standard');
    expect(within(card).getByTestId('room-minjoin').textContent).toBe('100.00 USD');
    expect(card.textContent).toContain('Big/Small ×1.96 · up to ×150.00');
    expect(screen.getByRole('button', { name: 'USDT VIP' }).textContent).toContain('VIP 2 and above');
    expect(fake.to(ApiPath.roomList)[0].body.roomtype).toBe(1);

    fireEvent.click(screen.getByRole('tab', { name: 'BTC' }));
    expect(await screen.findByRole('button', { name: 'BTC Superior' })).toBeTruthy();
    expect(fake.to(ApiPath.roomList).at(-1)!.body.roomtype).toBe(2);
    fireEvent.click(screen.getByRole('tab', { name: 'ETH' }));
    expect(await screen.findByRole('heading', { name: 'No rooms yet' })).toBeTruthy();
  });

  it("titles in the member's language, the English where the operator set none", async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    vi.stubGlobal('fetch', server().fetch);
    await activateLocale('zh-CN', { persist: false });
    renderRooms('/room_list/1');
    expect(await screen.findByRole('button', { name: 'USDT 标准' })).toBeTruthy();
    await act(async () => activateLocale('zh-TW', { persist: false }));
    expect(screen.getByRole('button', { name: 'USDT Standard' })).toBeTruthy();
    await act(async () => activateLocale('vi', { persist: false }));
    expect(screen.getByRole('button', { name: 'USDT Tiêu chuẩn' })).toBeTruthy();
  });

  it('the route type picks the first tab', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    vi.stubGlobal('fetch', server().fetch);
    renderRooms('/room_list/2');
    expect(screen.getByRole('tab', { name: 'BTC' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'BTC Superior' })).toBeTruthy();
  });

  for (const [locale, minJoinText, notVipText] of [
    [
      'en',
      'This room needs at least 100.00 USD in your balance; you have 50.00 USD. Recharge says how to add money.',
      'This room needs VIP 2; you are VIP 1. Levels are set by the operator: contact customer service to ask about yours.',
    ],
    [
      'vi',
      'Phòng này cần số dư tối thiểu 100,00 USD; bạn đang có 50,00 USD. Trang Nạp tiền hướng dẫn cách nạp tiền.',
      'Phòng này cần VIP 2; bạn đang là VIP 1. Cấp độ do nhà vận hành đặt: hãy liên hệ chăm sóc khách hàng để hỏi về cấp của bạn.',
    ],
  ] as const) {
    it(`in ${locale}: entering needs the minimum (said with what the member has and where money is added) and the VIP level (said with how a level is reached)`, async () => {
      await activateLocale(locale, { persist: false });
      const poor = { ...USER, money: 50, level: 1 };
      await setQueryData(queryKey(ApiPath.userInfo, {}), poor);
      vi.stubGlobal('fetch', server(poor).fetch);
      renderRooms();
      fireEvent.click(
        await screen.findByRole('button', { name: locale === 'vi' ? 'USDT Tiêu chuẩn' : 'USDT Standard' }),
      );
      expect(alerts()).toContain(minJoinText);
      fireEvent.click(screen.getByRole('button', { name: 'USDT VIP' }));
      expect(alerts()).toContain(notVipText);
      expect(window.location.pathname).toBe('/room_list/1');
    });
  }

  it('a room tapped before the profile came goes to the room, which checks there, never refused on a balance taken for zero', async () => {
    const fake = fakeFetch({
      [ApiPath.roomList]: () => ok([STANDARD, VIP]),
      [ApiPath.userInfo]: () => new Promise<never>(() => {}),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRooms();
    fireEvent.click(await screen.findByRole('button', { name: 'USDT Standard' }));
    expect(alerts()).toEqual([]);
    expect(window.location.pathname).toBe(`/activity/${STANDARD.id}`);
  });

  it('enters a room the member may join', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), { ...USER, level: 2 });
    vi.stubGlobal('fetch', server({ ...USER, level: 2 }).fetch);
    renderRooms();
    fireEvent.click(await screen.findByRole('button', { name: 'USDT VIP' }));
    expect(window.location.pathname).toBe('/activity/6');
  });

  it('a session that ends takes its rooms off the screen: the next person reads none of them', async () => {
    vi.stubGlobal('fetch', server().fetch);
    await setQueryData(queryKey(ApiPath.roomList, { roomtype: 1 }), [STANDARD]);
    renderRooms();
    await screen.findByRole('button', { name: 'USDT Standard' });
    act(() => clearSession());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'USDT Standard' })).toBeNull());
  });

  it('opens offline from the cache, marked stale', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    await setQueryData(queryKey(ApiPath.roomList, { roomtype: 1 }), [STANDARD, VIP], Date.now() - 3_600_000);
    online.browserChanged(false);
    const fake = server();
    vi.stubGlobal('fetch', fake.fetch);
    renderRooms();
    expect(await screen.findByRole('button', { name: 'USDT Standard' })).toBeTruthy();
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since/);
    expect(fake.to(ApiPath.roomList)).toHaveLength(0);
  });
});

describe('home: game tiles and go-VIP', () => {
  const tile = (id: number, roomid: number, seconds: number, en: string, vi: string): HomeTile => ({
    id,
    gameid: id,
    roomid,
    seconds,
    minjoin: 100,
    enabled: true,
    names: { en, vi, 'zh-CN': '', 'zh-TW': '' },
    images: { en: '/tiles/combos.svg', vi: '/tiles/triple.svg', 'zh-CN': '', 'zh-TW': '' },
  });
  const GAMES: HomeTile[] = [
    tile(15, 5, 120, 'USDT Big/Small', 'USDT Lớn/Nhỏ'),
    tile(1, 13, 210, 'BTC Odd/Even', 'BTC Lẻ/Chẵn'),
    tile(4, 21, 300, 'ETH Big/Small', ''),
  ];

  function renderHome() {
    window.history.replaceState(null, '', '/');
    return render(
      <Providers>
        <HomePage />
        <Toaster />
      </Providers>,
    );
  }

  it('a tile leads to its game room; a member below the minimum gets 2004 instead', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.homeTiles]: () => ok(GAMES),
        [ApiPath.userInfo]: () => ok(USER),
        [ApiPath.getConfig]: () => ok({}),
      }).fetch,
    );
    renderHome();
    // A tile name may break after its slash (<wbr>); this DOM names that as a space, Chromium does not.
    const btc = await screen.findByRole('button', { name: /BTC Odd\/\s?Even 3.5 min/ });
    fireEvent.click(btc);
    expect(window.location.pathname).toBe('/activity/13');

    window.history.replaceState(null, '', '/');
    await setQueryData(queryKey(ApiPath.userInfo, {}), { ...USER, money: 10 });
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('10.00'));
    fireEvent.click(screen.getByRole('button', { name: /USDT Big\/\s?Small 2 min/ }));
    // The toast region animates in once its motion features load (a moment when the suite runs in parallel).
    await waitFor(() =>
      expect(alerts()).toContain(
        'This room needs at least 100.00 USD in your balance; you have 10.00 USD. Recharge says how to add money.',
      ),
    );
    expect(window.location.pathname).toBe('/');
  });

  it('a member tapping before the profile has come goes on to the room: an unknown balance is never taken for zero', async () => {
    await setQueryData(queryKey(ApiPath.homeTiles, {}), GAMES);
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.homeTiles]: () => ok(GAMES),
        // The profile is still on its way (a slow phone, a busy server).
        [ApiPath.userInfo]: () => new Promise<never>(() => undefined),
        [ApiPath.getConfig]: () => ok({}),
      }).fetch,
    );
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: /USDT Big\/\s?Small 2 min/ }));
    expect(window.location.pathname).toBe('/activity/5');
    expect(alerts()).toEqual([]);
  });

  it('a guest goes on without a money check (the room then asks to log in); go-VIP sends a guest to log in', async () => {
    await setQueryData(queryKey(ApiPath.homeTiles, {}), GAMES);
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.homeTiles]: () => ok(GAMES), [ApiPath.getConfig]: () => ok({}) }).fetch,
    );
    clearSession();
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: /ETH Big\/\s?Small 5 min/ }));
    expect(window.location.pathname).toBe('/activity/21');
    fireEvent.click(screen.getByRole('button', { name: 'VIP rooms' }));
    expect(window.location.pathname).toBe('/login');
  });

  it("names and pictures follow the member's language; a missing translation shows the English", async () => {
    await setQueryData(queryKey(ApiPath.homeTiles, {}), GAMES);
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.homeTiles]: () => ok(GAMES), [ApiPath.getConfig]: () => ok({}) }).fetch,
    );
    clearSession();
    await activateLocale('vi', { persist: false });
    renderHome();
    await screen.findByRole('button', { name: /USDT Lớn\/\s?Nhỏ/ });
    const names = screen.getAllByTestId('game-tile-name').map((el) => el.textContent);
    expect(names).toEqual(['USDT Lớn/Nhỏ', 'BTC Lẻ/Chẵn', 'ETH Big/Small']);
    const pictures = screen.getAllByTestId('game-tile').map((el) => el.querySelector('img')?.getAttribute('src'));
    expect(pictures).toEqual(['/tiles/triple.svg', '/tiles/triple.svg', '/tiles/triple.svg']);
    await act(async () => activateLocale('en', { persist: false }));
    expect(screen.getAllByTestId('game-tile-name').map((el) => el.textContent)).toEqual([
      'USDT Big/Small',
      'BTC Odd/Even',
      'ETH Big/Small',
    ]);
    expect(screen.getAllByTestId('game-tile')[0].querySelector('img')?.getAttribute('src')).toBe('/tiles/combos.svg');
  });

  it('go-VIP sends a member to the room list of type 1', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.homeTiles]: () => ok([]), [ApiPath.userInfo]: () => ok(USER) }).fetch);
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'VIP rooms' }));
    expect(window.location.pathname).toBe('/room_list/1');
  });
});
