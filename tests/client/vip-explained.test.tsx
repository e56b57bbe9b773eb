import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { ApiPath } from '../../src/shared/api/paths';
import type { Room, UserInfo } from '../../src/shared/api/types';
import type { Locale } from '../../src/shared/locale';
import { startSession } from '../../src/client/api/session';
import { activateLocale } from '../../src/client/i18n';
import AccountPage from '../../src/client/features/account/AccountPage';
import RoomListPage from '../../src/client/features/game/RoomListPage';
import HomePage from '../../src/client/features/home/HomePage';
import { DialogHost, Toaster } from '../../src/client/ui';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { ROOM } from './game-fixtures';

/**
 * A new member is "VIP 1 Bronze" and home offers "Go VIP"; VIP rooms ask for a higher level,
 * which only the operator sets. Wherever VIP rooms are offered the member reads their level, what
 * each room asks and how a level is reached, and a refused VIP room says all of it.
 */
beforeEach(async () => {
  await resetClientState();
  startSession('token');
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const MEMBER: UserInfo = {
  name: 'demo01',
  nickname: 'Demo',
  level: 1,
  money: 5000,
  totalWin: 0,
  noPassword2: 0,
  lang: 'en',
};

const room = (patch: Partial<Room>): Room => ({ ...ROOM, ...patch });
const ROOMS: Record<number, Room[]> = {
  1: [
    room({ id: 1, type: 1, title: 'USDT Standard', kind: 'standard', minlevel: 0, minjoin: 100 }),
    room({ id: 2, type: 1, title: 'USDT VIP', kind: 'vip', minlevel: 2, minjoin: 1000 }),
  ],
  2: [
    room({ id: 5, type: 2, title: 'BTC Standard', kind: 'standard', minlevel: 0 }),
    room({
      id: 6,
      type: 2,
      title: 'BTC VIP',
      titles: { en: 'BTC VIP', vi: 'BTC VIP', 'zh-CN': 'BTC 贵宾', 'zh-TW': 'BTC 貴賓' },
      kind: 'vip',
      minlevel: 4,
    }),
  ],
  3: [
    room({ id: 9, type: 3, title: 'ETH Standard', kind: 'standard', minlevel: 0 }),
    room({ id: 10, type: 3, title: 'ETH VIP', kind: 'vip', minlevel: 2 }),
  ],
};

function server(user: UserInfo) {
  return fakeFetch({
    [ApiPath.userInfo]: () => ok(user),
    [ApiPath.roomList]: (call) => ok(ROOMS[call.body.roomtype as number] ?? []),
    [ApiPath.leftMoney]: () => ok({ leftmoney: 0, turnoverRemaining: 0, pendingWithdrawals: 0, hasPayPassword: true }),
    [ApiPath.homeTiles]: () => ok([]),
  });
}

const HOW: Record<Locale, RegExp> = {
  en: /^Levels are set by the operator; playing does not change them\. To ask about your level, contact customer service\.$/,
  vi: /^Cấp độ do nhà vận hành đặt; việc chơi không làm thay đổi cấp\. Để hỏi về cấp của bạn, hãy liên hệ chăm sóc khách hàng\.$/,
  'zh-CN': /^等级由运营方设定，不会因游戏而改变。如需了解您的等级，请联系客服。$/,
  'zh-TW': /^等級由營運方設定，不會因遊戲而改變。如需了解您的等級，請聯絡客服。$/,
};
const YOU_ARE: Record<Locale, string> = {
  en: 'You are VIP 1',
  vi: 'Bạn là VIP 1',
  'zh-CN': '您是 VIP 1',
  'zh-TW': '您是 VIP 1',
};
const AND_ABOVE: Record<Locale, string> = {
  en: 'VIP 2 and above',
  vi: 'VIP 2 trở lên',
  'zh-CN': 'VIP 2 及以上',
  'zh-TW': 'VIP 2 及以上',
};
const NOT_YET: Record<Locale, string> = {
  en: 'not your level yet',
  vi: 'cấp của bạn chưa đủ',
  'zh-CN': '您的等级未达到',
  'zh-TW': '您的等級未達到',
};

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <Providers>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/user" component={AccountPage} />
        <Route path="/room_list/:type" component={RoomListPage} />
      </Switch>
      <Toaster />
      <DialogHost />
    </Providers>,
  );
}

const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent ?? '');

describe('the account page explains VIP levels', () => {
  for (const locale of ['en', 'vi', 'zh-CN', 'zh-TW'] as const) {
    it(`in ${locale}: the level, each room that asks for one (open or not), and how a level is reached`, async () => {
      await activateLocale(locale, { persist: false });
      vi.stubGlobal('fetch', server(MEMBER).fetch);
      renderApp('/user');
      const note = await screen.findByTestId('vip-note');
      // The level once the profile is in (the note's words on how levels work come first).
      await waitFor(() => expect(within(note).getByTestId('vip-note-level').textContent).toBe(YOU_ARE[locale]));
      expect(within(note).getByTestId('vip-note-how').textContent).toMatch(HOW[locale]);
      // Every level a room asks for, lowest first, with its rooms from all three coins.
      const levels = await within(note).findAllByTestId('vip-note-level-rooms');
      const btcVip = locale === 'zh-CN' ? 'BTC 贵宾' : locale === 'zh-TW' ? 'BTC 貴賓' : 'BTC VIP';
      expect(levels.map((li) => li.querySelector('[data-testid="vip-note-room-names"]')?.textContent)).toEqual([
        {
          en: 'USDT VIP and ETH VIP',
          vi: 'USDT VIP và ETH VIP',
          'zh-CN': 'USDT VIP和ETH VIP',
          'zh-TW': 'USDT VIP和ETH VIP',
        }[locale],
        btcVip,
      ]);
      for (const li of levels) expect(li.textContent).toContain(NOT_YET[locale]);
      expect(levels[0].textContent).toContain(AND_ABOVE[locale]);
      // Where to ask: the customer-service page.
      expect(within(note).getByRole('link').getAttribute('href')).toBe('/ServicePage');
    });
  }

  it('a member whose level opens a room reads it as open; the others still ask for more', async () => {
    vi.stubGlobal('fetch', server({ ...MEMBER, level: 3 }).fetch);
    renderApp('/user');
    const note = await screen.findByTestId('vip-note');
    await waitFor(() => expect(within(note).getByTestId('vip-note-level').textContent).toBe('You are VIP 3'));
    const levels = await within(note).findAllByTestId('vip-note-level-rooms');
    expect(levels.map((li) => li.className)).toEqual(['is-open', 'is-locked']);
    expect(levels[0].textContent).toContain('VIP 2 and above · open to you');
    expect(levels[1].textContent).toContain('VIP 4 and above · not your level yet');
  });
});

describe('Go VIP leads to rooms that say what they ask and how a level is reached', () => {
  for (const locale of ['en', 'vi', 'zh-CN', 'zh-TW'] as const) {
    it(`in ${locale}: home's Go VIP opens the room list with the level and the way to one; a VIP room refused says both`, async () => {
      await activateLocale(locale, { persist: false });
      vi.stubGlobal('fetch', server(MEMBER).fetch);
      renderApp('/');
      fireEvent.click(await screen.findByTestId('go-vip'));
      await waitFor(() => expect(window.location.pathname).toBe('/room_list/1'));

      const note = await screen.findByTestId('vip-note');
      await waitFor(() => expect(within(note).getByTestId('vip-note-level').textContent).toBe(YOU_ARE[locale]));
      expect(within(note).getByTestId('vip-note-how').textContent).toMatch(HOW[locale]);
      const vipCard = await screen.findByTestId('room-2');
      expect(vipCard.className).toContain('is-locked');
      expect(within(vipCard).getByTestId('room-level').textContent).toContain(NOT_YET[locale]);
      expect(screen.getByTestId('room-1').className).not.toContain('is-locked');

      fireEvent.click(vipCard);
      await waitFor(() => expect(alerts().join('\n')).toMatch(/VIP 2.*VIP 1/s));
      const said = alerts().find((text) => /VIP 2/.test(text)) ?? '';
      // Not the bare "not a VIP member yet": how a level is reached is part of it.
      expect(said).toContain({ en: 'operator', vi: 'nhà vận hành', 'zh-CN': '运营方', 'zh-TW': '營運方' }[locale]);
      expect(window.location.pathname).toBe('/room_list/1');
    });
  }
});
