import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { Locale } from '../../src/shared/locale';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { banner, renderHome, stubReducedMotion } from './home-fixtures';
import { queryKey } from '../../src/client/data/key';

const originalMatchMedia = window.matchMedia;

beforeEach(async () => {
  await resetClientState();
});

afterEach(async () => {
  vi.useRealTimers();
  window.matchMedia = originalMatchMedia;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  await activateLocale('en', { persist: false });
});

const images = () => screen.queryAllByTestId('banner-image') as HTMLImageElement[];
const activeDot = () => screen.getAllByTestId('banner-dot').findIndex((dot) => dot.getAttribute('aria-current'));

describe('home banners', () => {
  it('loads the slide banners, shows a skeleton meanwhile, then one picture per banner with dots', async () => {
    let answer!: (value: unknown) => void;
    const fake = fakeFetch({ [ApiPath.slide]: () => new Promise((resolve) => (answer = resolve)) });
    vi.stubGlobal('fetch', fake.fetch);
    const view = renderHome();
    await waitFor(() => expect(view.container.querySelector('.banner-skeleton')).not.toBeNull());
    // Asked once the device's cache has nothing for it.
    await waitFor(() => expect(fake.to(ApiPath.slide)).toHaveLength(1));
    await act(async () => answer(ok([banner(1), banner(2), banner(3)])));
    await waitFor(() => expect(images()).toHaveLength(3));
    expect(view.container.querySelector('.banner-skeleton')).toBeNull();
    expect(images().map((img) => img.getAttribute('src'))).toEqual([
      '/banners/1-en.svg',
      '/banners/2-en.svg',
      '/banners/3-en.svg',
    ]);
    expect(images().map((img) => img.getAttribute('alt'))).toEqual(['Banner 1 of 3', 'Banner 2 of 3', 'Banner 3 of 3']);
    expect(screen.getAllByTestId('banner-dot')).toHaveLength(3);
    expect(activeDot()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(activeDot()).toBe(2);
  });

  const LANGUAGES: Locale[] = ['vi', 'zh-CN', 'zh-TW', 'en'];
  it.each(LANGUAGES)('in %s shows the banner picture of that language', async (locale) => {
    await activateLocale(locale, { persist: false });
    await setQueryData(queryKey(ApiPath.slide, {}), [banner(1), banner(2)]);
    online.browserChanged(false);
    renderHome();
    await waitFor(() => expect(images()).toHaveLength(2));
    expect(images().map((img) => img.getAttribute('src'))).toEqual([
      `/banners/1-${locale}.svg`,
      `/banners/2-${locale}.svg`,
    ]);
  });

  it('falls back to another language when a banner lacks the chosen one', async () => {
    await activateLocale('vi', { persist: false });
    await setQueryData(queryKey(ApiPath.slide, {}), [{ ...banner(1), path_vi: '' }]);
    online.browserChanged(false);
    renderHome();
    await waitFor(() => expect(images()).toHaveLength(1));
    expect(images()[0].getAttribute('src')).toBe('/banners/1-en.svg');
    // A single banner needs no dots.
    expect(screen.queryAllByTestId('banner-dot')).toHaveLength(0);
  });

  it('shows nothing at all when there are no banners', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.slide]: () => ok([]) }).fetch);
    const view = renderHome();
    await waitFor(() => expect(view.container.querySelector('.banner-skeleton')).toBeNull());
    expect(view.container.querySelector('.banner-carousel')).toBeNull();
  });

  it('moves on every 4 seconds, and wraps around', async () => {
    await setQueryData(queryKey(ApiPath.slide, {}), [banner(1), banner(2), banner(3)]);
    online.browserChanged(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderHome();
    await waitFor(() => expect(images()).toHaveLength(3));
    // Let the effects that start the timer run before time moves.
    await act(async () => undefined);
    expect(activeDot()).toBe(0);
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(activeDot()).toBe(1);
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(activeDot()).toBe(2);
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(activeDot()).toBe(0);
  });

  it('stands still when the member prefers reduced motion', async () => {
    stubReducedMotion(true);
    await setQueryData(queryKey(ApiPath.slide, {}), [banner(1), banner(2)]);
    online.browserChanged(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderHome();
    await waitFor(() => expect(images()).toHaveLength(2));
    await act(async () => undefined);
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(activeDot()).toBe(0);
  });

  it('stands still while the page is hidden, and moves on again when it comes back', async () => {
    await setQueryData(queryKey(ApiPath.slide, {}), [banner(1), banner(2)]);
    online.browserChanged(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderHome();
    await waitFor(() => expect(images()).toHaveLength(2));
    await act(async () => undefined);
    await act(async () => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(activeDot()).toBe(0);
    await act(async () => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(activeDot()).toBe(1);
  });

  it('drops a banner whose picture has an unsafe URL', async () => {
    await setQueryData(queryKey(ApiPath.slide, {}), [banner(1), { ...banner(2), path_yw: 'javascript:alert(1)' }]);
    online.browserChanged(false);
    renderHome();
    await waitFor(() => expect(images()).toHaveLength(1));
    expect(images()[0].getAttribute('src')).toBe('/banners/1-en.svg');
  });
});
