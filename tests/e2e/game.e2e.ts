import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GameInfoAnswer } from '../../src/shared/api/types';
import { linePayout, oddsToHundredths, settleLine, type Draw } from '../../src/shared/game';
import { formatMoney } from '../../src/shared/money';
import { launchBrowser, phoneContext, snapshot } from './support/browser';
import { admin, api, englishContext, logIn, newMember } from './support/members';
import { CLOSE_SECONDS, ROUND_SECONDS, secondsOf, waitForOrderTime } from './support/round';
import { CLOCK_WORDS } from './support/clock';

/**
 * The game end to end, in a phone-sized Chromium against the real server: rounds of game 15 are
 * shortened with the operator command (45 s, orders close 15 s before the draw) so a whole round
 * fits in a test. Each test plays with its own member, credited by the operator command, so no
 * other suite's balances move.
 */
const ROOM_ID = 1;
const GAME_ID = 15;

/** A fresh member with 1,000 USD (operator commands), for one test. */
const newGameMember = () => newMember('gm', '1000');

const toasts = (page: Page) => page.locator('.toast-region [role="alert"], .toast-region [role="status"]');

describe('game end to end', () => {
  let browser: Browser;

  beforeAll(async () => {
    admin('game:set', String(GAME_ID), '--seconds', String(ROUND_SECONDS), '--close', String(CLOSE_SECONDS));
    browser = await launchBrowser();
    // New timings apply from the next round: wait (within the hook's time) for the first short one.
    const watcher = newGameMember();
    const { token } = await api<{ token: string }>('/api/Index/login', {
      username: watcher.username,
      password: watcher.password,
    });
    const started = Date.now();
    for (;;) {
      const info = await api<GameInfoAnswer>('/api/Game/getGameinfo', { roomid: ROOM_ID, token });
      const { drawAt, closeAt } = info.game;
      if (drawAt - closeAt === CLOSE_SECONDS * 1000 && drawAt - info.serverTime <= ROUND_SECONDS * 1000) break;
      if (Date.now() - started > 170_000) throw new Error('the short rounds never started');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('enters a room, buys three outcomes, cancels one, watches the round close and draw, sees the settlement, verifies the proof', async () => {
    const member = newGameMember();
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);

    // Go-VIP leads to the room list (type 1); the room card to the game room.
    await page.goto('/');
    await page.getByRole('button', { name: 'VIP rooms' }).click();
    await page.waitForURL('**/room_list/1');
    await expect.poll(() => page.getByRole('tab', { name: 'USDT' }).getAttribute('aria-selected')).toBe('true');
    await snapshot(page, 'game-room-list');
    await page.getByRole('button', { name: 'USDT Standard', exact: true }).click();
    await page.waitForURL(`**/activity/${ROOM_ID}`);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('1,000.00');

    // A fresh round with time to buy and cancel before it closes.
    await waitForOrderTime(page, 22);
    const seqno = (await page.getByTestId('round-seqno').textContent())!;
    const odds = {
      big: (await page.getByTestId('option-0').getAttribute('aria-label'))!.replace(/^Big, odds /, ''),
      odd: (await page.getByTestId('option-2').getAttribute('aria-label'))!.replace(/^Odd, odds /, ''),
    };

    await page.getByTestId('option-0').click();
    await page.getByTestId('option-2').click();
    await page.getByTestId('option-10').click();
    await page.getByLabel('Amount per option (USD)').fill('20');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm order' });
    await expect.poll(() => confirm.getByTestId('confirm-line').count()).toBe(3);
    expect(await confirm.getByTestId('confirm-total').textContent()).toBe('60.00');
    await snapshot(page, 'game-confirm');
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('940.00');

    // The own-orders sheet lists the three lines; the live table shows them too.
    await page.getByRole('button', { name: 'My orders', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'My orders' });
    await expect.poll(() => sheet.getByTestId('own-order').count()).toBe(3);
    await snapshot(page, 'game-own-orders');
    await sheet.getByRole('button', { name: /^Cancel order: Triple/ }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel this order?' });
    await ask.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await expect
      .poll(() => toasts(page).allTextContents())
      .toContain('Order cancelled: 20.00 USD is back in your balance');
    await expect.poll(() => sheet.locator('[data-testid="own-order"][data-status="cancel"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('960.00');
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('live-order').filter({ hasText: seqno }).count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);

    // The round closes: selecting, buying and cancelling are refused with the stopped message.
    await expect
      .poll(() => page.getByTestId('round-state').getAttribute('data-phase'), { timeout: 40_000 })
      .toBe('closed');
    await snapshot(page, 'game-closed');
    // The options say they are unavailable (aria-disabled); a tap still explains why.
    expect(await page.getByTestId('option-1').isDisabled()).toBe(true);
    await page.getByTestId('option-1').click({ force: true });
    // Said under the options (the grid is described by it), not in a toast.
    const grid = page.getByRole('group', { name: 'Options' });
    await expect
      .poll(async () => {
        const id = await grid.getAttribute('aria-describedby');
        return id ? page.locator(`[id="${id}"]`).textContent() : null;
      })
      .toBe('This round is closed for orders');
    expect(await toasts(page).allTextContents()).not.toContain('This round is closed for orders');
    expect(await page.getByTestId('option-1').getAttribute('aria-pressed')).toBe('false');
    // Buy and Cancel are disabled and say why.
    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    expect(await buy.isDisabled()).toBe(true);
    expect(await page.getByTestId('buy-closed').textContent()).toBe('This round is closed for orders');
    expect(await buy.getAttribute('aria-describedby')).toBe(await page.getByTestId('buy-closed').getAttribute('id'));
    await page.getByRole('button', { name: 'My orders', exact: true }).click();
    expect(await sheet.getByRole('button', { name: /^Cancel order: Big/ }).isDisabled()).toBe(true);
    expect(await sheet.getByTestId('cancel-closed').textContent()).toBe('This round is closed for orders');
    expect(await page.getByRole('dialog', { name: 'Cancel this order?' }).count()).toBe(0);
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();

    // At 0 the live list clears; 3 s later the next round loads with this round's draw.
    await expect
      .poll(
        async () =>
          (await page.getByTestId('round-state').getAttribute('data-phase')) === 'drawn' ||
          (await page.getByTestId('round-seqno').textContent()) !== seqno,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    if ((await page.getByTestId('round-seqno').textContent()) === seqno) {
      expect(await page.getByTestId('live-order').count()).toBe(0);
      await snapshot(page, 'game-at-zero');
    }
    await expect.poll(() => page.getByTestId('round-seqno').textContent(), { timeout: 20_000 }).not.toBe(seqno);
    expect(await page.getByTestId('live-order').filter({ hasText: seqno }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('last-draw').getAttribute('data-seqno')).toBe(seqno);
    const drawLabel = (await page.getByTestId('last-draw').getByRole('img').getAttribute('aria-label'))!;
    const [a, b, c] = drawLabel.match(/\d+/g)!.map(Number);
    const draw: Draw = [a, b, c];
    const payout = (value: number, rate: string) =>
      linePayout(2000, oddsToHundredths(Number(rate))!, settleLine(value, draw));
    const award = payout(0, odds.big) + payout(2, odds.odd);
    // The round is told by its net over the 40.00 staked (the cancelled line is not): won in green,
    // lost in red, even neutral; a pure loss too.
    const net = award - 4_000;
    const [outcome, kind, signed] =
      net > 0 ? ['won', 'success', `+${formatMoney(net)}`] : net < 0 ? ['lost', 'loss', `-${formatMoney(-net)}`] : [];
    const said =
      outcome === undefined
        ? `Round ${seqno}: even. Staked 40.00 USD, paid back ${formatMoney(award)} USD, net 0.00 USD.`
        : `Round ${seqno}: ${outcome}. Staked 40.00 USD, paid ${formatMoney(award)} USD, net ${signed} USD.`;
    await expect.poll(() => toasts(page).allTextContents(), { timeout: 15_000 }).toContain(said);
    const notice = page.locator('.toast').filter({ hasText: said });
    expect(await notice.getAttribute('class')).toContain(`toast-${kind ?? 'info'}`);
    const expected = formatMoney(96_000 + award);
    await expect.poll(() => page.getByTestId('room-balance').textContent(), { timeout: 15_000 }).toBe(expected);
    await snapshot(page, 'game-drawn');

    // The history shows the settled lines.
    await page.getByRole('button', { name: 'Order history', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'Order history' });
    await expect.poll(() => history.getByTestId('history-order').count()).toBe(3);
    const statuses = await history
      .getByTestId('history-order')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')).sort());
    const settled = [settleLine(0, draw), settleLine(2, draw)].map((r) => r as string);
    expect(statuses).toEqual(['cancel', ...settled].sort());
    // A line that paid says what it paid and its own net, never the payout as a gain.
    for (const [value, rate, name] of [
      [0, odds.big, 'Big'],
      [2, odds.odd, 'Odd'],
    ] as const) {
      const paid = payout(value, rate);
      if (paid === 0) continue;
      const row = history.getByTestId('history-order').filter({ hasText: `${name} · 20.00 USD` });
      const lineNet = paid - 2_000;
      expect(await row.locator('.order-paid').textContent()).toBe(`Paid ${formatMoney(paid)}`);
      expect(await row.locator('.order-net').textContent()).toBe(
        `net ${lineNet > 0 ? '+' : lineNet < 0 ? '-' : ''}${formatMoney(Math.abs(lineNet))}`,
      );
      expect(await row.textContent()).not.toContain(`+${formatMoney(paid)}`);
    }
    await history.getByRole('button', { name: 'Close', exact: true }).click();

    // That round's proof checks out in the browser.
    await page.getByRole('link', { name: `Check the fairness of round ${seqno}` }).click();
    await page.waitForURL(`**/fairness/${ROOM_ID}/${seqno}`);
    const verdict = page.getByTestId('fairness-verdict');
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    expect(await verdict.getByRole('status').textContent()).toBe('Verified in your browser');
    expect(await page.getByTestId('check-commitment').getAttribute('data-result')).toBe('pass');
    expect(await page.getByTestId('check-numbers').getAttribute('data-result')).toBe('pass');
    expect(await page.getByTestId('check-chain').getAttribute('data-result')).not.toBe('fail');
    await snapshot(page, 'game-fairness');
    await context.close();
  }, 180_000);

  it('a confirmation over the own-orders sheet: focus stays in the top dialog, the room stays inert when it closes, Escape and Back close the topmost first', async () => {
    const member = newGameMember();
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    await page.goto(`/activity/${ROOM_ID}`);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('1,000.00');
    // Cancel stays possible through every step below, even on a loaded machine.
    await waitForOrderTime(page, 22);
    await page.getByTestId('option-0').click();
    await page.getByLabel('Amount per option (USD)').fill('20');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm order' })
      .getByRole('button', { name: 'Confirm', exact: true })
      .click();
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('980.00');

    const roomUrl = page.url();
    const inside = (name: string) =>
      page.evaluate((label) => {
        const open = [...document.querySelectorAll('dialog[open]')];
        const dialog = open.find(
          (d) =>
            d.getAttribute('aria-labelledby') &&
            document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent === label,
        );
        return Boolean(dialog && document.activeElement && dialog.contains(document.activeElement));
      }, name);
    /** Whether a control of the room behind the overlays can be clicked (it cannot while any modal is open). */
    const roomClickable = () =>
      page
        .getByTestId('option-1')
        .click({ timeout: 800, trial: true })
        .then(() => true)
        .catch(() => false);

    await page.getByRole('button', { name: 'My orders', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'My orders' });
    await expect.poll(() => sheet.getByTestId('own-order').count()).toBe(1);
    expect(await roomClickable()).toBe(false);

    // A confirmation over the sheet: Tab cycles inside it, never back to the sheet or the room.
    await sheet.getByRole('button', { name: /^Cancel order: Big/ }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect.poll(() => ask.count()).toBe(1);
    // The confirmation takes focus once it is open (a Tab before that would still be the sheet's).
    await expect.poll(() => inside('Cancel this order?')).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside('Cancel this order?')).toBe(true);
    }
    // "Keep it" closes the confirmation only: the sheet is still modal, the room still inert.
    await ask.getByRole('button', { name: 'Keep it', exact: true }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await sheet.isVisible()).toBe(true);
    expect(await roomClickable()).toBe(false);
    // Focus goes back to the sheet's control that opened the confirmation.
    await expect.poll(() => inside('My orders')).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside('My orders')).toBe(true);
    }
    // Focus dropped to the page from the sheet's last control (as when that control is disabled
    // or re-rendered under the member's finger): Tab brings it back into the sheet, not out to the
    // browser's own controls.
    await page.evaluate(() => {
      const sheetDialog = [...document.querySelectorAll('dialog[open]')].at(-1)!;
      const last = [...sheetDialog.querySelectorAll<HTMLButtonElement>('button:not([disabled])')].at(-1)!;
      last.focus();
      last.blur();
    });
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await inside('My orders')).toBe(true);

    // Escape closes the topmost only.
    await sheet.getByRole('button', { name: /^Cancel order: Big/ }).click();
    await expect.poll(() => ask.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => ask.count()).toBe(0);
    expect(await sheet.isVisible()).toBe(true);

    // Back closes the confirmation, then the sheet, and stays in the room.
    await sheet.getByRole('button', { name: /^Cancel order: Big/ }).click();
    await expect.poll(() => ask.count()).toBe(1);
    await page.goBack();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await sheet.isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(page.url()).toBe(roomUrl);
    expect(await roomClickable()).toBe(true);

    // Escape closes the sheet itself; nothing was cancelled on the way.
    await page.getByRole('button', { name: 'My orders', exact: true }).click();
    await expect.poll(() => sheet.getByTestId('own-order').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(page.url()).toBe(roomUrl);
    expect(await page.getByTestId('room-balance').textContent()).toBe('980.00');
    await context.close();
  }, 150_000);

  it("the room's back arrow returns to the list the member came from; a room opened directly goes back to its coin's list", async () => {
    const member = newGameMember();
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    const backArrow = page.locator('.page-header').getByRole('button', { name: 'Back' });

    await page.goto('/room_list/1');
    await page.getByRole('tab', { name: 'BTC' }).click();
    await page.getByRole('button', { name: 'BTC Standard', exact: true }).click();
    await page.waitForURL('**/activity/5');
    await page.getByTestId('round-seqno').waitFor();
    await backArrow.click();
    await page.waitForURL('**/room_list/1');
    // The same list, still on the coin the member chose.
    await expect.poll(() => page.getByRole('tab', { name: 'BTC' }).getAttribute('aria-selected')).toBe('true');

    // Opened from outside the app (a shared link): back goes to the room's own coin list, inside the app.
    await page.goto('/activity/9');
    await page.getByTestId('round-seqno').waitFor();
    await backArrow.click();
    await page.waitForURL('**/room_list/3');
    await expect.poll(() => page.getByRole('tab', { name: 'ETH' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('the big clock counts to when orders close, the draw beside it; in the last seconds and once closed it says so, and Buy is off (each language, 320 and 390 px)', async () => {
    const member = newGameMember();
    const pages = await Promise.all(
      (
        [
          ['en', 320],
          ['vi', 390],
          ['zh-CN', 320],
          ['zh-TW', 390],
        ] as const
      ).map(async ([lang, width]) => {
        const context = await phoneContext(browser, inject('baseUrl'), { viewport: { width, height: 640 } });
        await context.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
        const page = await context.newPage();
        await logIn(page, member);
        await page.goto(`/activity/${ROOM_ID}`);
        return { lang, width, context, page, words: CLOCK_WORDS[lang] };
      }),
    );
    // The figure and its caption read in one frame.
    const clockOf = (page: Page) =>
      page.evaluate(() => ({
        state: document.querySelector('[data-testid="round-state"]')?.textContent,
        countdown: document.querySelector('[data-testid="countdown"]')?.textContent ?? null,
        caption: document.querySelector('[data-testid="countdown-caption"]')?.textContent ?? '',
      }));
    const buy = (page: Page) => page.locator('.buy-btn');
    for (const { page, width, words, lang } of pages) {
      await waitForOrderTime(page, 12);
      const open = await clockOf(page);
      expect(open.state, lang).toBe(words.open);
      // Orders close CLOSE_SECONDS before the draw: the figure is the earlier of the two.
      expect(open.caption, lang).toMatch(words.caption);
      const toOrder = secondsOf(open.countdown);
      const toDraw = secondsOf(/\d\d:\d\d/.exec(open.caption)?.[0] ?? null);
      expect(toDraw - toOrder, lang).toBeGreaterThanOrEqual(CLOSE_SECONDS);
      expect(toDraw - toOrder, lang).toBeLessThanOrEqual(CLOSE_SECONDS + 1);
      const panel = await page.getByTestId('round-panel').boundingBox();
      expect(panel!.x + panel!.width, lang).toBeLessThanOrEqual(width);
    }
    for (const { page, words, lang } of pages) {
      // The last ten seconds to order are said plainly, Buy still on.
      await expect
        .poll(async () => (await clockOf(page)).state, { timeout: 30_000, interval: 250, message: lang })
        .toBe(words.closing);
      expect(await buy(page).isDisabled(), lang).toBe(false);
    }
    for (const { page, width, words, lang, context } of pages) {
      await expect
        .poll(() => page.getByTestId('round-state').getAttribute('data-phase'), { timeout: 30_000, message: lang })
        .toBe('closed');
      const closed = await clockOf(page);
      expect(closed.state, lang).toBe(words.closed);
      expect(closed.caption, lang).toBe(words.untilDraw);
      expect(secondsOf(closed.countdown), lang).toBeLessThanOrEqual(CLOSE_SECONDS);
      expect(await buy(page).isDisabled(), lang).toBe(true);
      // Why Buy is off is said beside it, in the member's language.
      expect((await page.getByTestId('buy-closed').textContent())?.trim(), lang).not.toBe('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(width);
      await snapshot(page, `game-closed-${lang}-${width}`);
      await context.close();
    }
  }, 180_000);

  it('offline in a room (Vietnamese): stale indicators, buying refused; back online it recovers without a reload', async () => {
    const member = newGameMember();
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    await logIn(page, member);

    await page.goto(`/activity/${ROOM_ID}`);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('1.000,00');
    await expect.poll(() => page.getByTestId('round-seqno').count()).toBe(1);
    await waitForOrderTime(page, 5);
    // The room's feed has settled (its stream live, or polling): each panel holds a confirmed time
    // to be stale since. While the stream is still connecting nothing is confirmed yet.
    await expect
      .poll(() => page.getByTestId('live-indicator').getAttribute('data-feed'), { timeout: 15_000 })
      .toMatch(/^(live|polling)$/);
    const panels = ['round-panel', 'live-orders', 'balance-panel'];
    for (const panel of panels) expect(await page.getByTestId(panel).getByTestId('stale-badge').count()).toBe(0);

    // Polled together, so that a failure shows every panel's badge, the feed and the live table's words.
    const offlineState = async () => ({
      feed: await page.getByTestId('live-indicator').getAttribute('data-feed'),
      badges: await Promise.all(panels.map((panel) => page.getByTestId(panel).getByTestId('stale-badge').count())),
      liveOrders: (await page.getByTestId('live-orders').textContent())?.slice(0, 200),
    });
    await context.setOffline(true);
    await expect.poll(offlineState, { timeout: 15_000 }).toMatchObject({ badges: [1, 1, 1] });
    await snapshot(page, 'game-offline-vi');
    await page.getByTestId('option-0').click();
    await page.getByLabel('Số tiền mỗi mục (USD)').fill('20');
    // Buy is off and the bar says the member is offline, not that the round is closed.
    const buy = page.getByRole('button', { name: 'Mua', exact: true });
    expect(await buy.isDisabled()).toBe(true);
    expect(await page.getByTestId('buy-closed').textContent()).toBe(
      'Bạn đang ngoại tuyến: cần kết nối mạng để đặt lệnh.',
    );
    expect(await page.getByRole('dialog', { name: 'Xác nhận lệnh' }).count()).toBe(0);

    const reloaded = page.waitForResponse((response) => response.url().endsWith('/api/Game/getGameinfo'));
    await context.setOffline(false);
    await reloaded;
    for (const panel of panels) {
      await expect.poll(() => page.getByTestId(panel).getByTestId('stale-badge').count(), { timeout: 15_000 }).toBe(0);
    }
    // Still the same page: no reload happened, the selection is still there.
    expect(await page.getByTestId('option-0').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  }, 120_000);
});
