import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { OwnOrderItem } from '../../src/shared/api/types';
import type { Locale } from '../../src/shared/locale';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { drawnRound, gameInfo, ownOrder, renderRoom, USER } from './game-fixtures';
import { queryKey } from '../../src/client/data/key';

/**
 * What a drawn round came to, said when the next round arrives: staked, paid back and net, worded
 * and coloured by the net's sign; "My orders" keeps the drawn round's lines with their outcome.
 */

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function settle() {
  for (let i = 0; i < 5; i++) await advance(10);
}

// The sheet's code is a lazy chunk: a first import is a real-time transform, which the fake clock's
// settling does not wait for. Loaded once here, opening a sheet takes no real time.
beforeAll(async () => {
  await import('../../src/client/ui/SheetMotion');
});

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-11-22T08:00:00.000Z'),
  });
});

afterEach(async () => {
  vi.useRealTimers();
  await activateLocale('en', { persist: false });
});

const FIRST = '20261122-0007';
const SECOND = '20261122-0008';

interface Result {
  award: number;
  total: number;
  settled?: boolean;
}

/**
 * Round 0007 draws 12 s after entry (orders close at 4 s), then round 0008 runs. `result` is what
 * `current` answers for 0007; `orders` the member's lines by round.
 */
function server(options: { result: () => Result | Promise<never>; orders?: Record<string, OwnOrderItem[]> }) {
  const start = Date.now();
  const first = gameInfo({ now: start, drawIn: 12_000, closeIn: 8_000, seqno: FIRST });
  const second = gameInfo({ now: start + 15_000, drawIn: 60_000, closeIn: 50_000, seqno: SECOND });
  const orders = options.orders ?? {};
  const fake = fakeFetch({
    [ApiPath.gameInfo]: () => ok({ ...(Date.now() >= first.game.drawAt ? second : first), serverTime: Date.now() }),
    [ApiPath.userInfo]: () => ok(USER),
    [ApiPath.current]: (call) => {
      if (call.body.gameseq !== FIRST) return ok({ award: 0, total: 0 });
      const result = options.result();
      return result instanceof Promise ? result : ok(result);
    },
    [ApiPath.vorder]: (call) =>
      call.body.isfirst === 1 ? ok({ list: [], order_id: 0 }) : ok({ list: orders[String(call.body.gameseq)] ?? [] }),
    [ApiPath.order]: () => {
      orders[SECOND] = [ownOrder(900, { seqno: SECOND, value: 2 })];
      return ok({ order_ids: [900], seqno: SECOND, money: 980 });
    },
  });
  return fake;
}

/** Into the room, then past 0007's draw and the 3 s until the next round loads. */
async function playThroughTheDraw() {
  renderRoom();
  await settle();
  expect(screen.getByTestId('round-seqno').textContent).toBe(FIRST);
  await advance(15_100);
  await settle();
  expect(screen.getByTestId('round-seqno').textContent).toBe(SECOND);
}

const toasts = () => [...document.querySelectorAll<HTMLElement>('.toast')];
/** The check mark's drawing (ui/icons.tsx): a loss never carries it. */
const CHECK_MARK = 'M5 12.5l4.5 4.5L19 7.5';

// Big and Small at 165 each: one wins at 1.95, paying 321.75 of the 330.00 staked.
const LOST: Record<Locale, { text: string; never: RegExp }> = {
  en: {
    text: 'Round 20261122-0007: lost. Staked 330.00 USD, paid 321.75 USD, net -8.25 USD.',
    never: /gain|won/i,
  },
  vi: {
    text: 'Kỳ 20261122-0007: thua. Đặt 330,00 USD, trả 321,75 USD, lỗ ròng 8,25 USD.',
    never: /lãi|thắng/i,
  },
  'zh-CN': {
    text: '第 20261122-0007 期：输。下注 330.00 USD，派彩 321.75 USD，净输 8.25 USD。',
    never: /赢/,
  },
  'zh-TW': {
    text: '第 20261122-0007 期：輸。下注 330.00 USD，派彩 321.75 USD，淨輸 8.25 USD。',
    never: /贏/,
  },
};

describe('the result of a drawn round', () => {
  it.each(Object.keys(LOST) as Locale[])(
    'in %s: a round that paid less than was staked is told as a loss, in red, never as a gain',
    async (locale) => {
      await activateLocale(locale, { persist: false });
      const fake = server({ result: () => ({ award: 321.75, total: 330, settled: true }) });
      vi.stubGlobal('fetch', fake.fetch);
      await playThroughTheDraw();

      expect(fake.to(ApiPath.current).at(-1)!.body).toMatchObject({ gameseq: FIRST, gametype: 15 });
      const [notice] = toasts();
      expect(notice.textContent).toBe(LOST[locale].text);
      expect(notice.textContent).not.toMatch(LOST[locale].never);
      expect(notice.classList.contains('toast-loss')).toBe(true);
      expect(notice.classList.contains('toast-success')).toBe(false);
      expect(notice.querySelector('svg path')?.getAttribute('d')).not.toBe(CHECK_MARK);
    },
  );

  it('a pure loss (nothing paid back) is told too', async () => {
    vi.stubGlobal('fetch', server({ result: () => ({ award: 0, total: 40, settled: true }) }).fetch);
    await playThroughTheDraw();
    const [notice] = toasts();
    expect(notice.textContent).toBe('Round 20261122-0007: lost. Staked 40.00 USD, paid 0.00 USD, net -40.00 USD.');
    expect(notice.classList.contains('toast-loss')).toBe(true);
  });

  it('a round that paid more than was staked is told as won, in green, with the net', async () => {
    vi.stubGlobal('fetch', server({ result: () => ({ award: 97.5, total: 70, settled: true }) }).fetch);
    await playThroughTheDraw();
    const [notice] = toasts();
    expect(notice.textContent).toBe('Round 20261122-0007: won. Staked 70.00 USD, paid 97.50 USD, net +27.50 USD.');
    expect(notice.classList.contains('toast-success')).toBe(true);
  });

  it('a round that paid back exactly the stakes (a refund) is told as even, neither green nor red', async () => {
    vi.stubGlobal('fetch', server({ result: () => ({ award: 40, total: 40, settled: true }) }).fetch);
    await playThroughTheDraw();
    const [notice] = toasts();
    expect(notice.textContent).toBe('Round 20261122-0007: even. Staked 40.00 USD, paid back 40.00 USD, net 0.00 USD.');
    expect(notice.classList.contains('toast-info')).toBe(true);
  });

  it('a round drawn but not settled yet is asked for again, and told once it is settled', async () => {
    let settled = false;
    const fake = server({ result: () => ({ award: settled ? 39 : 0, total: 20, settled }) });
    vi.stubGlobal('fetch', fake.fetch);
    await playThroughTheDraw();
    const asked = fake.to(ApiPath.current).length;
    // Not settled: no figure is said yet (0 paid would read as a loss).
    expect(toasts()).toHaveLength(0);
    settled = true;
    await advance(2_000);
    await settle();
    expect(fake.to(ApiPath.current).length).toBe(asked + 1);
    expect(toasts()[0].textContent).toBe('Round 20261122-0007: won. Staked 20.00 USD, paid 39.00 USD, net +19.00 USD.');
  });

  it('a result whose answer does not come (a dropped connection at the draw) is asked for again, and told', async () => {
    let reachable = false;
    const fake = server({
      result: () =>
        reachable ? { award: 321.75, total: 330, settled: true } : Promise.reject(new TypeError('Failed to fetch')),
    });
    vi.stubGlobal('fetch', fake.fetch);
    await playThroughTheDraw();
    const asked = fake.to(ApiPath.current).length;
    expect(toasts().filter((toast) => toast.textContent?.startsWith('Round 20261122-0007'))).toHaveLength(0);
    reachable = true;
    await advance(2_000);
    await settle();
    expect(fake.to(ApiPath.current).length).toBe(asked + 1);
    const notice = toasts().find((toast) => toast.textContent?.startsWith('Round 20261122-0007'));
    expect(notice?.textContent).toBe(LOST.en.text);
  });
  it('a server busy at the draw for most of a minute still tells the result; then the asking stops', async () => {
    let settled = false;
    const fake = server({ result: () => ({ award: settled ? 39 : 0, total: 20, settled }) });
    vi.stubGlobal('fetch', fake.fetch);
    await playThroughTheDraw();
    const asked = fake.to(ApiPath.current).length;
    // Five more asks over the next 31 s, all "not settled yet": nothing is said.
    for (const wait of [2_000, 2_000, 4_000, 8_000, 15_000]) {
      await advance(wait);
      await settle();
    }
    expect(fake.to(ApiPath.current).length).toBe(asked + 5);
    expect(toasts()).toHaveLength(0);
    settled = true;
    await advance(30_000);
    await settle();
    expect(fake.to(ApiPath.current).length).toBe(asked + 6);
    expect(toasts()[0].textContent).toBe('Round 20261122-0007: won. Staked 20.00 USD, paid 39.00 USD, net +19.00 USD.');
  });

  it('a round drawn while this phone was not told (it went from 0006 straight to 0008) is told too, if the member played it', async () => {
    const start = Date.now();
    // 0006 draws 12 s after entry; the answer after it is already 0008's, with 0007 among the drawn.
    const before = gameInfo({ now: start, drawIn: 12_000, closeIn: 8_000, seqno: '20261122-0006' });
    const after = gameInfo({
      now: start + 15_000,
      drawIn: 60_000,
      closeIn: 50_000,
      seqno: SECOND,
      // Each drawn round's numbers from the fixtures, under 0007's, 0006's and 0005's numbers.
      his: [7, 6, 5].map((k) => drawnRound(k - 1, { seqno: `20261122-000${k}` })),
    });
    const fake = fakeFetch({
      [ApiPath.gameInfo]: () => ok({ ...(Date.now() >= before.game.drawAt ? after : before), serverTime: Date.now() }),
      [ApiPath.userInfo]: () => ok(USER),
      // Played on another device: 0007 only.
      [ApiPath.current]: (call) =>
        ok(call.body.gameseq === FIRST ? { award: 321.75, total: 330 } : { award: 0, total: 0 }),
      [ApiPath.vorder]: (call) => (call.body.isfirst === 1 ? ok({ list: [], order_id: 0 }) : ok({ list: [] })),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    await settle();
    expect(screen.getByTestId('round-seqno').textContent).toBe('20261122-0006');
    await advance(15_100);
    await settle();
    expect(screen.getByTestId('round-seqno').textContent).toBe(SECOND);
    // The round shown (0006) and the one never shown (0007), each once; 0005 was drawn before.
    expect(fake.to(ApiPath.current).map((call) => call.body.gameseq)).toEqual(['20261122-0006', FIRST]);
    expect(toasts().map((toast) => toast.textContent)).toEqual([LOST.en.text]);
  });

  it('a round never settled is asked for about a minute, a handful of times, and then no more', async () => {
    const fake = server({ result: () => ({ award: 0, total: 20, settled: false }) });
    vi.stubGlobal('fetch', fake.fetch);
    await playThroughTheDraw();
    const asked = fake.to(ApiPath.current).length;
    await advance(10 * 60_000);
    await settle();
    expect(fake.to(ApiPath.current).length).toBe(asked + 6);
    expect(toasts()).toHaveLength(0);
  });
});

describe('"My orders" after a draw', () => {
  it("keeps the drawn round's lines with their outcome and what it came to, until the next round's first order", async () => {
    const drawnLines = [
      ownOrder(501, { seqno: FIRST, value: 0, money: 165, rate: 1.95, status: 'win', award: 321.75 }),
      ownOrder(502, { seqno: FIRST, value: 1, money: 165, rate: 1.95, status: 'lose', award: 0 }),
    ];
    const fake = server({
      result: () => ({ award: 321.75, total: 330, settled: true }),
      orders: { [FIRST]: drawnLines },
    });
    vi.stubGlobal('fetch', fake.fetch);
    await playThroughTheDraw();

    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    await settle();
    const sheet = screen.getByRole('dialog', { name: 'My orders' });
    expect(within(sheet).getByTestId('own-orders-round').textContent).toBe(`Round ${FIRST} · drawn`);
    expect(within(sheet).queryByText('You have no orders in this round.')).toBeNull();
    const rows = within(sheet).getAllByTestId('own-order');
    expect(rows.map((row) => row.dataset.status)).toEqual(['win', 'lose']);
    // Paid, and the line's net: 321.75 for a stake of 165.00 is +156.75, not a gain of 321.75.
    const award = within(rows[0]).getByTestId('own-order-award');
    expect(award.querySelector('.order-paid')?.textContent).toBe('Paid 321.75');
    expect(award.querySelector('.order-net')?.textContent).toBe('net +156.75');
    expect(award.querySelector('.order-net')?.className).toContain('is-gain');
    expect(rows[0].textContent).not.toContain('+321.75');
    // A drawn round's lines cannot be cancelled.
    expect(within(sheet).queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    const summary = within(sheet).getByTestId('round-summary');
    expect(summary.dataset.verdict).toBe('lost');
    expect(summary.textContent).toContain('You lost this round');
    expect(within(summary).getByTestId('round-summary-net').textContent).toBe('-8.25');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await settle();

    // The first order of the next round: from then on the sheet is that round's.
    fireEvent.click(screen.getByTestId('option-2'));
    fireEvent.change(screen.getByLabelText('Amount per option (USD)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await settle();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Confirm' }),
    );
    await settle();
    expect(fake.to(ApiPath.order)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    await settle();
    const next = screen.getByRole('dialog', { name: 'My orders' });
    expect(within(next).getByTestId('own-orders-round').textContent).toBe(`Round ${SECOND}`);
    expect(
      within(next)
        .getAllByTestId('own-order')
        .map((row) => row.dataset.status),
    ).toEqual(['wait']);
    expect(within(next).queryByTestId('round-summary')).toBeNull();
  });
});
