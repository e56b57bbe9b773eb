import { describe, expect, inject, it } from 'vitest';
import { persistentPhoneContext } from './support/browser';

/**
 * `npm run build` emits a service worker and a web manifest in each language, and Chromium calls
 * the page installable.
 */
describe('installable PWA', () => {
  it('registers a service worker, links a complete manifest and has no installability errors', async () => {
    const { context, close } = await persistentPhoneContext(inject('baseUrl'));
    try {
      const page = await context.newPage();
      await page.goto('/');
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${inject('baseUrl')}/`);

      const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
      expect(manifestHref).toBeTruthy();
      const manifest = await (await page.request.get(manifestHref!)).json();
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
        expect.arrayContaining(['192x192', '512x512']),
      );
      expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
      expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'monochrome')).toBe(true);
      expect(manifest).toMatchObject({ id: '/', scope: '/', categories: expect.arrayContaining(['games']) });
      expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/room_list/1', '/my_income', '/message']);
      // iOS takes the 180 px opaque icon (a transparent one shows on black there).
      expect(await page.getAttribute('link[rel="apple-touch-icon"]', 'href')).toBe('/icons/apple-touch-icon-180.png');
      expect(await page.getAttribute('meta[name="apple-mobile-web-app-capable"]', 'content')).toBe('yes');

      // Phone screenshots for the richer install dialog: each one loads and is the size it claims.
      expect(manifest.screenshots.length).toBeGreaterThanOrEqual(1);
      for (const shot of manifest.screenshots as { src: string; sizes: string; form_factor: string }[]) {
        expect(shot.form_factor).toBe('narrow');
        const size = await page.evaluate(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return `${image.naturalWidth}x${image.naturalHeight}`;
        }, shot.src);
        expect(size).toBe(shot.sizes);
      }

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // The manifest and the document speak the member's language, Vietnamese by default.
      expect(manifest.lang).toBe('vi');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
      await page.evaluate(() => localStorage.setItem('lang', 'zh-TW'));
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
      const twHref = await page.getAttribute('link[rel="manifest"]', 'href');
      expect(twHref).toBe('/app.zh-TW.webmanifest');
      const tw = await (await page.request.get(twHref!)).json();
      expect(tw).toMatchObject({ id: '/', lang: 'zh-TW', start_url: '/' });
      expect(tw.shortcuts.map((s: { name: string }) => s.name)).toEqual(['房間', '資金明細', '訊息']);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

      // The spec's local manifest is a different file: it tells the app where the API lives.
      const local = await (await page.request.get('/manifest.json')).json();
      expect(local).toHaveProperty('apiWebUrl');
    } finally {
      await close();
    }
  });
});
