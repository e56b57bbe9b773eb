import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { HomeTile } from '../../src/shared/api/types';
import { focusText } from '../../src/shared/game';
import { LOCALE_NAMES, LOCALES, localized, type Locale } from '../../src/shared/locale';
import { launchBrowser, phoneContext, snapshot } from './support/browser';
import { api, englishContext, logIn, newMember } from './support/members';

/**
 * A new member's first look at home on a phone, 320 and 390 px wide, in each language: the
 * language pill keeps its name inside it; a tile opens its room with the outcomes it names first;
 * "Go VIP" leads to rooms that say the member's level, what each asks and how a level is reached,
 * and the account page says the same.
 */
const WIDTHS = [320, 390];

const MORE: Record<Locale, string> = {
  en: 'More options',
  vi: 'Các mục khác',
  'zh-CN': '更多选项',
  'zh-TW': '更多選項',
};
const YOU_ARE: Record<Locale, string> = {
  en: 'You are VIP 1',
  vi: 'Bạn là VIP 1',
  'zh-CN': '您是 VIP 1',
  'zh-TW': '您是 VIP 1',
};
/** The words of "levels are set by the operator" in each language. */
const OPERATOR: Record<Locale, string> = { en: 'operator', vi: 'nhà vận hành', 'zh-CN': '运营方', 'zh-TW': '營運方' };
const NOT_YET: Record<Locale, string> = {
  en: 'not your level yet',
  vi: 'cấp của bạn chưa đủ',
  'zh-CN': '您的等级未达到',
  'zh-TW': '您的等級未達到',
};
/** Room ids of the seed: USDT VIP is room 2 (src/server/seedContent.ts). */
const USDT_VIP = 2;

const toasts = (page: Page) => page.locator('.toast-region [role="alert"], .toast-region [role="status"]');

/** Whether an element's content fits inside it, and its right edge is on the screen. */
function fits(page: Page, selector: string, width: number) {
  return page.locator(selector).evaluate(
    (el, screenWidth) => ({
      inside: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
      onScreen: el.getBoundingClientRect().right <= screenWidth + 1,
    }),
    width,
  );
}

async function setWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
}

describe('home says where things go; VIP explained', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(LOCALES)(
    'in %s at 320 and 390 px: the language pill keeps its name inside it, the brand its caption',
    async (locale) => {
      const context = await phoneContext(browser, inject('baseUrl'));
      await context.addInitScript((lang) => localStorage.setItem('lang', lang), locale);
      const page = await context.newPage();
      for (const width of WIDTHS) {
        await setWidth(page, width);
        await page.goto('/');
        await expect.poll(() => page.getByTestId('home-tagline').textContent()).not.toBe('');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const pill = page.getByTestId('home-language');
        expect(await pill.getAttribute('aria-label')).toContain(LOCALE_NAMES[locale]);
        expect(await fits(page, '[data-testid="home-language"]', width), `pill ${width}px`).toEqual({
          inside: true,
          onScreen: true,
        });
        // The name is shown where there is room for it; on the narrowest phones the flag stands alone.
        const name = pill.locator('.home-language-name');
        expect(await name.isVisible()).toBe(width >= 360);
        if (width >= 360) expect(await name.textContent()).toBe(LOCALE_NAMES[locale]);
        expect(await fits(page, '.home-site', width), `site name ${width}px`).toEqual({ inside: true, onScreen: true });
        expect(await fits(page, '.home-tagline', width), `caption ${width}px`).toEqual({
          inside: true,
          onScreen: true,
        });
        await snapshot(page, `home-header-${locale}-${width}`);
      }
      await context.close();
    },
  );

  it.each(LOCALES)(
    'in %s at 320 and 390 px, as a member: a tile opens its room with its outcomes first; Go VIP and the account page say the level, what rooms ask and how a level is reached',
    async (locale) => {
      const member = newMember('hv', '500');
      const tiles = await api<HomeTile[]>('/api/Game/getHomeTiles', {});
      const context = await englishContext(browser);
      const page = await context.newPage();
      await logIn(page, member);
      await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);

      for (const width of WIDTHS) {
        await setWidth(page, width);

        // Each tile of a room that several tiles open: its own outcomes come first.
        for (const tile of tiles.filter((t) => t.roomid === tiles[0].roomid || (t.focus ?? []).includes(10))) {
          await page.goto('/');
          const index = tiles.indexOf(tile);
          const button = page.getByTestId('game-tile').nth(index);
          await expect
            .poll(() => button.getByTestId('game-tile-name').textContent())
            .toBe(localized(tile.names, locale));
          await button.click();
          await page.waitForURL(`**/activity/${tile.roomid}?focus=${focusText(tile.focus ?? [])}`);
          await page.locator('.option-grid .option').first().waitFor();
          const order = await page
            .locator('.option-grid > *')
            .evaluateAll((cells) => cells.map((el) => el.getAttribute('data-testid')));
          const focus = (tile.focus ?? []).map((value) => `option-${value}`);
          expect(order.slice(0, focus.length + 1), `${tile.names.en} ${width}px`).toEqual([...focus, 'more-options']);
          expect(await page.getByTestId('more-options').textContent()).toBe(MORE[locale]);
          const marked = await page
            .locator('.option.is-focus')
            .evaluateAll((cells) => cells.map((el) => el.getAttribute('data-testid')));
          expect(marked).toEqual(focus);
          expect(await fits(page, '.option-grid', width)).toEqual({ inside: true, onScreen: true });
          if (tile === tiles[0]) await snapshot(page, `room-focus-${locale}-${width}`);
        }

        // Go VIP: the room list says the level and how one is reached before any refusal.
        await page.goto('/');
        await page.getByTestId('go-vip').click();
        await page.waitForURL('**/room_list/1');
        const note = page.getByTestId('vip-note');
        await expect.poll(() => note.getByTestId('vip-note-level').textContent()).toBe(YOU_ARE[locale]);
        expect(await note.getByTestId('vip-note-how').textContent()).toContain(OPERATOR[locale]);
        expect(await fits(page, '[data-testid="vip-note"]', width)).toEqual({ inside: true, onScreen: true });
        const vipRoom = page.getByTestId(`room-${USDT_VIP}`);
        await expect.poll(() => vipRoom.getAttribute('class')).toContain('is-locked');
        expect(await vipRoom.getByTestId('room-level').textContent()).toContain(NOT_YET[locale]);
        await snapshot(page, `vip-rooms-${locale}-${width}`);
        await vipRoom.click();
        await expect
          .poll(() => toasts(page).allTextContents())
          .toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`VIP 2.*VIP 1.*${OPERATOR[locale]}`))]));
        expect(new URL(page.url()).pathname).toBe('/room_list/1');

        // The account page: the same, with every room that asks for a level.
        await page.goto('/user');
        const accountNote = page.getByTestId('vip-note');
        await expect.poll(() => accountNote.getByTestId('vip-note-level').textContent()).toBe(YOU_ARE[locale]);
        await expect.poll(() => accountNote.getByTestId('vip-note-level-rooms').count()).toBeGreaterThan(0);
        const levels = await accountNote.getByTestId('vip-note-level-rooms').allTextContents();
        for (const text of levels) expect(text).toContain(NOT_YET[locale]);
        expect(await accountNote.getByRole('link').getAttribute('href')).toBe('/ServicePage');
        expect(await fits(page, '[data-testid="vip-note"]', width)).toEqual({ inside: true, onScreen: true });
        await accountNote.scrollIntoViewIfNeeded();
        await snapshot(page, `vip-account-${locale}-${width}`);
      }
      await context.close();
    },
  );
});
