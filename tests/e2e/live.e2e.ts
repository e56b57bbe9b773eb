import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { GameInfoAnswer, UserInfo } from '../../src/shared/api/types';
import { launchBrowser, phoneContext } from './support/browser';
import { api, newMember, signedInContext, type Member } from './support/members';
import { ROUND_SECONDS } from './support/round';

/**
 * The room follows its live stream in a phone-sized Chromium against the real server (rounds of
 * 45 s, orders close 15 s before the draw): two members in one room see an order of one on the
 * other's live table and the draw on both without the live table being polled; the room says
 * Live, Offline when the network goes, and Refreshing every 10 s (still updating) when the stream
 * is blocked; and the balance on the account screen follows the settlement without a reload.
 */
const ROOM_ID = 1;

/** Session tokens, one log-in per member (log-ins are limited per address: 10 a minute). */
const tokens = new Map<string, string>();
async function tokenOf(member: Member): Promise<string> {
  let token = tokens.get(member.username);
  if (!token) {
    ({ token } = await api<{ token: string }>('/api/Index/login', {
      username: member.username,
      password: member.password,
    }));
    tokens.set(member.username, token);
  }
  return token;
}

/** A phone with the member's session, in English. */
async function memberPage(browser: Browser, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, inject('baseUrl'), { serviceWorkers: 'block' });
  await signedInContext(context, token, 'en');
  return { context, page: await context.newPage() };
}

/**
 * The getVorder requests a page sends: in a room whose "My orders" stays closed, each is a poll of
 * the live table. (Counted by address: Chromium does not always give a fetch's body to the test.)
 */
function livePolls(page: Page): string[] {
  const polls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/Game/getVorder') polls.push(request.url());
  });
  return polls;
}

const feedOf = (page: Page) => page.getByTestId('live-indicator').getAttribute('data-feed');
const seqnoOf = (page: Page) => page.getByTestId('round-seqno').textContent();

/** A round open for orders with at least `seconds` before its draw; answers its round. */
async function openRound(token: string, seconds: number): Promise<GameInfoAnswer> {
  await expect
    .poll(
      async () => {
        const info = await api<GameInfoAnswer>('/api/Game/getGameinfo', { roomid: ROOM_ID, token });
        return info.game.status === 'open' && info.game.closeAt - info.serverTime > 3_000
          ? info.game.drawAt - info.serverTime >= seconds * 1000
          : false;
      },
      { timeout: (ROUND_SECONDS + 15) * 1000, interval: 500 },
    )
    .toBe(true);
  return api<GameInfoAnswer>('/api/Game/getGameinfo', { roomid: ROOM_ID, token });
}

/** Big and Small at `usd` each: one of them wins (or both are refunded), so the draw moves the balance. */
function orderBothSides(token: string, info: GameInfoAnswer, usd: number) {
  return api('/api/Game/order', {
    token,
    gameid: info.room.gameid,
    roomid: ROOM_ID,
    order_info: [
      [0, info.room.rate0, usd],
      [1, info.room.rate1, usd],
    ],
  });
}

/** USD as the English app shows it: 1,000.00. */
const usd = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The masked name the live table shows (de***01 for demo01). */
const masked = (username: string) => `${username.slice(0, 2)}***${username.slice(-2)}`;

describe('the room on its live stream', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows another member's order and the draw on both pages without polling, says Live, then Offline; the account balance follows the settlement", async () => {
    const first = newMember('lva', '1000');
    const second = newMember('lvb', '1000');
    const one = await memberPage(browser, await tokenOf(first));
    const two = await memberPage(browser, await tokenOf(second));
    const polls = livePolls(two.page);
    try {
      for (const { page } of [one, two]) {
        await page.goto(`/activity/${ROOM_ID}`);
        await expect.poll(() => feedOf(page), { timeout: 15_000 }).toBe('live');
        expect(await page.getByTestId('live-indicator').textContent()).toBe('Live');
      }

      const info = await openRound(await tokenOf(first), 25);
      await expect.poll(() => seqnoOf(two.page)).toBe(info.game.seqno);
      await orderBothSides(await tokenOf(first), info, 165);
      const row = two.page.getByTestId('live-orders').getByText(masked(first.username));
      await expect.poll(() => row.count()).toBe(2);

      // The draw: the next round on both pages, and the drawn one first in their results.
      for (const { page } of [one, two]) {
        await expect
          .poll(() => seqnoOf(page), { timeout: (ROUND_SECONDS + 10) * 1000, interval: 500 })
          .not.toBe(info.game.seqno);
        await expect.poll(() => page.getByTestId('result').first().getAttribute('data-seqno')).toBe(info.game.seqno);
      }
      expect(polls).toEqual([]);

      // Next round: page one orders, then goes to the account screen inside the app (no reload).
      const next = await openRound(await tokenOf(first), 22);
      const before = (await api<UserInfo>('/api/Game/getuserinfo', { token: await tokenOf(first) })).money;
      await orderBothSides(await tokenOf(first), next, 100);
      await one.page.evaluate(() => {
        (window as { stayed?: boolean }).stayed = true;
        history.pushState(null, '', '/user');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const balance = one.page.getByTestId('balance');
      await expect.poll(() => balance.textContent()).toBe(usd(before - 200));

      // The settlement reaches the account screen, as the server has it.
      await expect
        .poll(() => balance.textContent(), { timeout: (ROUND_SECONDS + 15) * 1000, interval: 500 })
        .not.toBe(usd(before - 200));
      const settled = await api<UserInfo>('/api/Game/getuserinfo', { token: await tokenOf(first) });
      expect(await balance.textContent()).toBe(usd(settled.money));
      expect(await one.page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      expect(polls).toEqual([]);

      // Offline, the room says so.
      await two.context.setOffline(true);
      await expect.poll(() => feedOf(two.page)).toBe('offline');
      expect(await two.page.getByTestId('live-indicator').textContent()).toBe('Offline');
      await two.context.setOffline(false);
      await expect.poll(() => feedOf(two.page), { timeout: 15_000 }).toBe('live');
    } finally {
      await one.context.close();
      await two.context.close();
    }
  }, 240_000);

  it('polls as before when the stream is blocked, says so, and still shows new orders', async () => {
    const buyer = newMember('lvc', '1000');
    const watcher = newMember('lvd', '1000');
    const { context, page } = await memberPage(browser, await tokenOf(watcher));
    await context.route('**/api/live/**', (route) => route.abort());
    const polls = livePolls(page);
    try {
      await page.goto(`/activity/${ROOM_ID}`);
      await expect.poll(() => feedOf(page), { timeout: 20_000 }).toBe('polling');
      expect(await page.getByTestId('live-indicator').textContent()).toBe('Refreshing every 10 s');

      const info = await openRound(await tokenOf(buyer), 25);
      await expect.poll(() => seqnoOf(page)).toBe(info.game.seqno);
      await orderBothSides(await tokenOf(buyer), info, 20);
      const row = page.getByTestId('live-orders').getByText(masked(buyer.username));
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(2);
      expect(polls.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
