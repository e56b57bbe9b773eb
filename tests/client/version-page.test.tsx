/**
 * The version page (/my_update): the Android and iOS entries of app config, this app's own version,
 * and "Check for updates" through the service worker registration (a fake one here), after which
 * the update prompt offers the reload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppConfig } from '../../src/shared/api/types';
import { ApiPath } from '../../src/shared/api/paths';
import VersionPage from '../../src/client/features/version/VersionPage';
import { UpdatePrompt } from '../../src/client/app/UpdatePrompt';
import { attachRegistration, checkForUpdate, setNeedRefresh } from '../../src/client/pwa';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { queryKey } from '../../src/client/data/key';

const CONFIG: AppConfig = {
  siteName: 'RoundPlay',
  serviceUrl: 'https://support.example/chat',
  depositInstructions: '',
  agreement: 1,
  defaultQuhao: '+84',
  priceFeedUrl: 'ws://127.0.0.1:1',
  versions: {
    android: { version: '2.3.1', url: 'https://downloads.example/roundplay.apk' },
    ios: { version: '', url: '' },
  },
  serverTime: 0,
};

/** A worker that can be told to finish installing. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  finish(state: ServiceWorkerState = 'installed') {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** What checkForUpdate reads of a ServiceWorkerRegistration. */
function fakeRegistration(onUpdate: (reg: { waiting: unknown; installing: unknown }) => void | Promise<void>) {
  const reg = {
    waiting: null as unknown,
    installing: null as unknown,
    update: vi.fn(async () => {
      await onUpdate(reg);
      return reg;
    }),
  };
  return reg;
}

function attach(reg: ReturnType<typeof fakeRegistration>, swUrl: string | null = null) {
  attachRegistration(reg as unknown as ServiceWorkerRegistration, swUrl);
}

beforeEach(async () => {
  await resetClientState();
  await setQueryData(queryKey(ApiPath.getConfig, {}), CONFIG);
  vi.stubGlobal('fetch', fakeFetch({ [ApiPath.getConfig]: () => ok(CONFIG) }).fetch);
});

afterEach(() => {
  attachRegistration(null, null);
  act(() => setNeedRefresh(false));
});

function renderPage() {
  return render(
    <Providers>
      <VersionPage />
      <UpdatePrompt />
    </Providers>,
  );
}

const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
const status = () => screen.getByTestId('update-status').textContent;

describe('version page', () => {
  it('Android and iOS entries from app config; this app version written in at build time', async () => {
    vi.stubGlobal('__APP_VERSION__', '3.4.5');
    renderPage();
    const android = await screen.findByTestId('version-android');
    expect(android.textContent).toContain('Version 2.3.1');
    expect(within(android).getByRole('link', { name: 'Download for Android' }).getAttribute('href')).toBe(
      CONFIG.versions.android.url,
    );
    const ios = screen.getByTestId('version-ios');
    expect(ios.textContent).toContain('No release yet');
    expect(within(ios).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('app-version').textContent).toBe('Version 3.4.5');
  });

  it('without a build version (tests, dev server) the app says dev rather than a made-up number', () => {
    renderPage();
    expect(screen.getByTestId('app-version').textContent).toBe('Version dev');
  });

  it('no service worker registered: says so plainly', async () => {
    renderPage();
    check();
    await waitFor(() => expect(status()).toMatch(/^This browser does not install the app/));
  });

  it('a new version found: says so, and the update prompt offers the reload', async () => {
    const reg = fakeRegistration((r) => {
      r.waiting = {};
    });
    attach(reg);
    renderPage();
    expect(screen.queryByText('A new version is available.')).toBeNull();
    check();
    await waitFor(() => expect(status()).toBe('A new version is ready. Reload the app to use it.'));
    expect(reg.update).toHaveBeenCalledTimes(1);
    const prompt = await screen.findByRole('region', { name: 'App update' });
    expect(within(prompt).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('a new worker still installing: waits for it, then reports the update', async () => {
    const worker = new FakeWorker();
    const reg = fakeRegistration((r) => {
      r.installing = worker;
    });
    attach(reg);
    const result = checkForUpdate();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    reg.waiting = worker;
    reg.installing = null;
    worker.finish('installed');
    expect(await result).toBe('update-available');
  });

  it('nothing new: you have the latest version', async () => {
    const reg = fakeRegistration(() => {});
    attach(reg);
    renderPage();
    check();
    await waitFor(() => expect(status()).toBe('You have the latest version.'));
    expect(screen.queryByRole('region', { name: 'App update' })).toBeNull();
  });

  it('offline: nothing is asked, and the page says to connect', async () => {
    const reg = fakeRegistration(() => {});
    attach(reg);
    online.browserChanged(false);
    renderPage();
    check();
    await waitFor(() => expect(status()).toBe('Could not reach the server. Connect to the internet and try again.'));
    expect(reg.update).not.toHaveBeenCalled();
  });

  it('the server answers 404 for the worker script: reported as a server failure, not as offline; update() not called', async () => {
    const reg = fakeRegistration(() => {});
    attach(reg, 'http://api.test/sw.js');
    // The fake API answers 404 for the worker script.
    expect(await checkForUpdate()).toBe('failed');
    expect(reg.update).not.toHaveBeenCalled();
  });

  it('update() failing (network) is reported as unreachable too', async () => {
    const reg = fakeRegistration(() => Promise.reject(new TypeError('Failed to fetch')));
    attach(reg);
    expect(await checkForUpdate()).toBe('offline');
  });
});
