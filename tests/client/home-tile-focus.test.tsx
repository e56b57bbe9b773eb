import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { HomeTile } from '../../src/shared/api/types';
import type { Locale } from '../../src/shared/locale';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';
import { activateLocale, textOfCode } from '../../src/client/i18n';
import HomePage from '../../src/client/features/home/HomePage';
import { Toaster } from '../../src/client/ui';
import { ErrorCode } from '../../src/shared/errors';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { gameInfo, renderRoom, USER } from './game-fixtures';

/**
 * Several home tiles open one room: each carries the outcomes it is about, and the room opens with
 * those first and marked, so "USDT Big/Small" and "USDT Odd/Even" do not open the same screen.
 */
beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const tile = (id: number, roomid: number, en: string, focus: number[], enabled = true): HomeTile => ({
  id,
  gameid: 15,
  roomid,
  seconds: 120,
  minjoin: 100,
  enabled,
  focus,
  names: { en, vi: '', 'zh-CN': '', 'zh-TW': '' },
  images: { en: '/tiles/usdt-big-small.svg', vi: '', 'zh-CN': '', 'zh-TW': '' },
});

const TILES = [
  tile(1, 5, 'USDT Big/Small', [0, 1]),
  tile(2, 5, 'USDT Odd/Even', [2, 3]),
  tile(3, 5, 'USDT Room', []),
  tile(4, 9, 'ETH Extremes', [8, 9, 10], false),
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

const location = () => window.location.pathname + window.location.search;
const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent ?? '');

describe('a home tile opens its room with its outcomes in focus', () => {
  it('tiles to one room carry their own focus in the address; a tile without one opens the room plain', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.homeTiles]: () => ok(TILES), [ApiPath.userInfo]: () => ok(USER) }).fetch,
    );
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: /USDT Big\/\s?Small/ }));
    expect(location()).toBe('/activity/5?focus=big.small');
    window.history.replaceState(null, '', '/');
    fireEvent.click(screen.getByRole('button', { name: /USDT Odd\/\s?Even/ }));
    expect(location()).toBe('/activity/5?focus=odd.even');
    window.history.replaceState(null, '', '/');
    fireEvent.click(screen.getByRole('button', { name: /USDT Room/ }));
    expect(location()).toBe('/activity/5');
  });

  it('a tile whose room is switched off says Closed and opens nothing (1020 said instead)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.homeTiles]: () => ok(TILES), [ApiPath.userInfo]: () => ok(USER) }).fetch,
    );
    renderHome();
    const closed = await screen.findByRole('button', { name: /ETH Extremes/ });
    expect(closed.textContent).toContain('Closed');
    fireEvent.click(closed);
    await waitFor(() => expect(alerts()).toContain(textOfCode(ErrorCode.TradingStopped)));
    expect(location()).toBe('/');
  });
});

function roomServer() {
  return fakeFetch({
    [ApiPath.gameInfo]: () => ok(gameInfo({})),
    [ApiPath.userInfo]: () => ok(USER),
    [ApiPath.vorder]: (call) => (call.body.isfirst === 1 ? ok({ list: [], order_id: 0 }) : ok({ list: [] })),
  });
}

/** The option cells in screen order: their test ids' outcome numbers, "|" for the "More options" line. */
function gridOrder(): string[] {
  const grid = document.querySelector('.option-grid')!;
  return [...grid.children].map((el) =>
    el.getAttribute('data-testid') === 'more-options'
      ? '|'
      : (el.getAttribute('data-testid') ?? '').replace('option-', ''),
  );
}

describe('the room reads the focus', () => {
  const MORE: Record<Locale, string> = {
    en: 'More options',
    vi: 'Các mục khác',
    'zh-CN': '更多选项',
    'zh-TW': '更多選項',
  };

  for (const locale of ['en', 'vi', 'zh-CN', 'zh-TW'] as const) {
    it(`in ${locale}: the tile's outcomes first and marked, then "${MORE[locale]}" and the others in their order`, async () => {
      await activateLocale(locale, { persist: false });
      vi.stubGlobal('fetch', roomServer().fetch);
      renderRoom('/activity/5?focus=extremeBig.extremeSmall.triple');
      await screen.findByTestId('round-seqno');
      expect(gridOrder()).toEqual(['8', '9', '10', '|', '0', '1', '2', '3', '4', '5', '6', '7']);
      expect(screen.getByTestId('more-options').textContent).toBe(MORE[locale]);
      const marked = [...document.querySelectorAll('.option.is-focus')].map((el) => el.getAttribute('data-testid'));
      expect(marked).toEqual(['option-8', 'option-9', 'option-10']);
      // Marked is not selected: nothing is chosen for the member.
      expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    });
  }

  it('without a focus, or with words that name no outcome, the eleven in their order and nothing marked', async () => {
    vi.stubGlobal('fetch', roomServer().fetch);
    const { unmount } = renderRoom('/activity/5');
    await screen.findByTestId('round-seqno');
    const plain = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    expect(gridOrder()).toEqual(plain);
    expect(document.querySelectorAll('.option.is-focus')).toHaveLength(0);
    unmount();

    renderRoom('/activity/5?focus=nothing.even.odd');
    await screen.findByTestId('round-seqno');
    expect(gridOrder()).toEqual(['2', '3', '|', '0', '1', '4', '5', '6', '7', '8', '9', '10']);
    // A focused option is chosen like any other.
    fireEvent.click(screen.getByTestId('option-3'));
    expect(screen.getByTestId('option-3').getAttribute('aria-pressed')).toBe('true');
  });
});
