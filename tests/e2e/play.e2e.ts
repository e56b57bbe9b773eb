import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, offerInstall, phoneContext, snapshot } from './support/browser';
import { admin, api, englishContext, logIn, newMember } from './support/members';
import { waitForOrderTime } from './support/round';

/**
 * Responsible play end to end, in a phone-sized Chromium against the real server (rounds of 45 s,
 * orders closing 15 s before the draw): a member sets a daily stake limit from the account menu,
 * places an order within it and is refused past it in the room; then starts a cool-off, after
 * which the room refuses orders while the fund log still opens.
 */
const ROOM_ID = 1;

const toasts = (page: Page) => page.locator('.toast-region [role="alert"], .toast-region [role="status"]');

/** Buys one option at `usd` in the room, through the confirmation. */
async function buy(page: Page, usd: number) {
  await page.getByTestId('option-0').click();
  await page.getByLabel('Amount per option (USD)').fill(String(usd));
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm order' });
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect.poll(() => confirm.count()).toBe(0);
}

describe('responsible play end to end', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sets a daily stake limit, is refused past it, starts a cool-off: orders refused, the fund log still opens', async () => {
    const member = newMember('rp', '1000');
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);

    // From the account menu to the page.
    await page.getByRole('link', { name: 'Responsible play' }).click();
    await page.waitForURL('**/responsible_play');
    await page.getByLabel('Period').selectOption('day');
    await page.getByLabel('Limit on').selectOption('stake');
    await page.getByLabel('Limit (USD)').fill('50');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await expect.poll(() => toasts(page).allTextContents()).toContain('Limit saved');
    const dayStake = page.getByTestId('limit-day-stake');
    await expect.poll(() => dayStake.getByTestId('limit-value').textContent()).toBe('50.00 USD');
    expect(await dayStake.getByTestId('limit-use').textContent()).toBe('Used 0.00 · 50.00 left');
    await snapshot(page, 'play-limits');
    // What the reality check's Stop does is said where the check is chosen.
    expect(await page.getByTestId('reality-check-stop').textContent()).toContain(
      '"Stop" ends this play session and leaves the room for home',
    );

    // In the room: 40 passes, 20 more would pass the limit.
    await page.goto(`/activity/${ROOM_ID}`);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('1,000.00');
    await waitForOrderTime(page, 10);
    await buy(page, 40);
    await expect.poll(() => page.getByTestId('room-balance').textContent()).toBe('960.00');
    await buy(page, 20);
    await expect
      .poll(() => toasts(page).allTextContents())
      .toContain('This order would pass your daily stake limit of 50.00 USD: 10.00 USD left.');
    expect(await page.getByTestId('room-balance').textContent()).toBe('960.00');
    await snapshot(page, 'play-limit-refused');

    // A cool-off of 24 hours, confirmed.
    await page.goto('/responsible_play');
    const pause = page.getByTestId('pause');
    await pause.getByLabel('Pause').selectOption('cooloff:1');
    await pause.getByRole('button', { name: 'Pause play' }).click();
    const ask = page.getByRole('dialog');
    await expect.poll(() => ask.textContent()).toContain('Neither you nor customer service can end it early.');
    await ask.getByRole('button', { name: 'Pause play' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Play is paused' }).count()).toBe(1);
    const state = (await page.getByTestId('pause-state').textContent())!;
    const until = /^Cool-off until (.+?)\. Orders are refused/.exec(state)?.[1];
    expect(until).toBeTruthy();
    // Only a longer pause can be taken now: the list starts past the 24 hours in force.
    expect(await pause.getByLabel('Pause for longer').inputValue()).toBe('cooloff:7');
    await snapshot(page, 'play-paused');

    // Home and the room say so at once, in the same words and the same time; home offers no play,
    // VIP or promotion, and Buy is off with the reason before anything is chosen.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      // The browser offers the install, which the member's order earned, and home opens as a member's
      // tap would open it (the offer is decided as a page opens): still no offer during a pause.
      await page.goto('/user');
      await page.getByTestId('balance').waitFor();
      await offerInstall(page);
      expect(await page.evaluate(() => localStorage.getItem('installOfferEarned'))).toBe('1');
      await page.evaluate(() => history.pushState(null, '', '/'));
      const banner = page.getByTestId('pause-banner');
      await expect
        .poll(() => banner.textContent())
        .toContain(`Cool-off until ${until}: orders are refused until then.`);
      await page.waitForTimeout(1_000);
      for (const offer of ['go-vip', 'quick-vip', 'game-tile', 'banner-track', 'install-prompt']) {
        expect(await page.getByTestId(offer).count(), offer).toBe(0);
      }
      const box = await banner.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await snapshot(page, `play-paused-home-${width}`);

      await page.goto(`/activity/${ROOM_ID}`);
      await expect.poll(() => page.getByTestId('pause-banner').textContent()).toContain(`Cool-off until ${until}`);
      await page.getByTestId('option-0').click();
      await page.getByLabel('Amount per option (USD)').fill('20');
      expect(await page.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true);
      expect(await page.getByTestId('buy-closed').textContent()).toBe(
        `Cool-off until ${until}: orders are refused until then.`,
      );
      expect(await page.getByRole('dialog', { name: 'Confirm order' }).count()).toBe(0);
    }

    // The fund log still opens with the deposit and the stake.
    await page.goto('/my_income');
    // The rows this member's money made: the deposit and the one stake. The round of that stake may
    // have been settled meanwhile (a win adds its payout row); the refused orders took nothing.
    const amounts = () => page.getByTestId('fund-log-amount').allTextContents();
    await expect.poll(amounts).toEqual(expect.arrayContaining(['-40.00', '+1,000.00']));
    expect((await amounts()).filter((amount) => amount.startsWith('-'))).toEqual(['-40.00']);
    expect((await amounts()).at(-1)).toBe('+1,000.00');

    // The operator sees it and cannot lift it: there is no command for it.
    const shown = admin('play:show', member.username);
    expect(shown).toMatch(/^Pause: cool-off until \S+Z: orders refused \(3016\)$/m);
    expect(shown).toMatch(/^ {2}day stake {5}50\.00 USD: used 40\.00 USD, 10\.00 USD left/m);
    await context.close();
  });

  it.each([
    { lang: 'vi', kind: 'cooloff', days: 1, said: /^Tạm nghỉ đến .+: mọi lệnh đều bị từ chối cho đến lúc đó\.$/ },
    { lang: 'zh-CN', kind: 'exclusion', days: 183, said: /^自我禁止至 .+：在此之前不接受下单。$/ },
    { lang: 'zh-TW', kind: 'cooloff', days: 7, said: /^冷靜期至 .+：在此之前不接受下單。$/ },
    { lang: 'en', kind: 'exclusion', days: 183, said: /^Self-exclusion until .+: orders are refused until then\.$/ },
  ])(
    'in $lang, a $kind is said on home and in the room, and Buy is off with it as the reason (320 and 390 px)',
    async ({ lang, kind, days, said }) => {
      const member = newMember('pz', '100');
      const { token } = await api<{ token: string }>('/api/Index/login', { ...member });
      await api('/api/Game/pausePlay', { token, kind, days });
      const context = await phoneContext(browser, inject('baseUrl'));
      await context.addInitScript((locale) => localStorage.setItem('lang', locale), lang);
      const page = await context.newPage();
      await logIn(page, member);
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        await page.goto('/');
        const banner = page.getByTestId('pause-banner').locator('.pause-banner-text');
        await expect.poll(async () => (await banner.textContent())?.trim()).toMatch(said);
        const text = (await banner.textContent())!.trim();
        expect(await page.getByTestId('game-tile').count(), `${lang} ${width}`).toBe(0);
        await page.goto(`/activity/${ROOM_ID}`);
        await page.getByTestId('option-0').click();
        expect(await page.locator('.buy-btn').isDisabled(), `${lang} ${width}`).toBe(true);
        // The same words, with the same end, as home.
        await expect.poll(() => page.getByTestId('buy-closed').textContent()).toBe(text);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await context.close();
    },
  );

  it.each([
    { lang: 'vi', title: 'Nhắc nhở thời gian chơi', stop: 'Dừng lại', played: 'Bạn đã chơi 31 phút' },
    { lang: 'en', title: 'Reality check', stop: 'Stop', played: 'You have played for 31 min' },
    { lang: 'zh-CN', title: '游戏提醒', stop: '停止', played: '您本次已游戏 31' },
    { lang: 'zh-TW', title: '遊戲提醒', stop: '停止', played: '您本次已遊戲 31' },
  ])(
    "in $lang, the reality check's Stop leaves the room for home and ends the play session (320 and 390 px)",
    async (said) => {
      const member = newMember('rc', '100');
      const cases = [320, 390].map((width) => ({ ...said, width }));
      for (const { width, lang, title, stop, played } of cases) {
        const context = await phoneContext(browser, inject('baseUrl'), { viewport: { width, height: 640 } });
        await context.addInitScript((locale) => localStorage.setItem('lang', locale), lang);
        const page = await context.newPage();
        await logIn(page, member);
        await page.goto(`/activity/${ROOM_ID}`);
        await page.getByTestId('round-seqno').waitFor();
        // This tab's play session began 31 minutes ago: the check (every 30 minutes unless the member chose) is due.
        await page.evaluate(() => {
          const session = JSON.parse(sessionStorage.getItem('playSession') ?? 'null') as Record<string, number>;
          const startedAt = Date.now() - 31 * 60_000;
          sessionStorage.setItem('playSession', JSON.stringify({ ...session, startedAt, checkedAt: startedAt }));
        });
        await page.reload();
        const check = page.getByRole('dialog', { name: title });
        await expect.poll(() => check.textContent()).toContain(played);
        await snapshot(page, `reality-check-${lang}-${width}`);
        await check.getByRole('button', { name: stop, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/');
        expect(await page.evaluate(() => sessionStorage.getItem('playSession'))).toBeNull();
        // A room entered again starts a new session: no check waiting.
        await page.goto(`/activity/${ROOM_ID}`);
        await page.getByTestId('round-seqno').waitFor();
        const again = await page.evaluate(
          () => JSON.parse(sessionStorage.getItem('playSession') ?? 'null') as { startedAt: number; checkedAt: number },
        );
        expect(again.checkedAt).toBe(again.startedAt);
        expect(await page.evaluate(() => Date.now())).toBeLessThan(again.startedAt + 30 * 60_000);
        expect(await page.getByRole('dialog').count()).toBe(0);
        await context.close();
      }
    },
  );
});
