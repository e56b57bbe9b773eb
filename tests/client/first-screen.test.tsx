import type { ComponentType } from 'react';
import { parse } from 'regexparam';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { App } from '../../src/client/app/App';
import { startFirstScreen } from '../../src/client/app/firstScreen';
import { findRoute } from '../../src/client/app/routes';
import { PATTERNS } from '../../src/client/routing/paths';
import { getMember, onSessionEnd, startSession } from '../../src/client/api';
import { deferred } from './content-fixtures';
import { appConfig, fakeFetch, ok, refused, resetClientState } from './helpers';
import { FIRST_SCREEN_WAIT_MS, STORED_ROWS_KEY } from '../../src/client/data/cacheGate';
import { queryKey } from '../../src/client/data/key';

// Home's code never arrives in this file: what is asked for can only come from the app itself.
vi.mock('../../src/client/features/home/HomePage', () => new Promise(() => undefined));

beforeEach(async () => {
  await resetClientState();
  window.history.replaceState(null, '', '/');
});

function homeServer() {
  const config = deferred<unknown>();
  const fake = fakeFetch({
    [ApiPath.getConfig]: () => config.promise,
    [ApiPath.slide]: () => ok([]),
    [ApiPath.homeTiles]: () => ok([]),
    [ApiPath.winners]: () => ok([]),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('the first screen of a visit', () => {
  it("the config and home's public reads go out before anything renders", async () => {
    const fake = homeServer();
    void startFirstScreen('/');
    await waitFor(() => expect(fake.to(ApiPath.slide)).toHaveLength(1));
    expect(fake.to(ApiPath.homeTiles)).toHaveLength(1);
    expect(fake.to(ApiPath.winners)).toHaveLength(1);
    expect(fake.to(ApiPath.getConfig)).toHaveLength(1);
  });

  it('a screen with no reads of its own asks for the config alone', async () => {
    const fake = homeServer();
    void startFirstScreen('/service');
    await waitFor(() => expect(fake.to(ApiPath.getConfig)).toHaveLength(1));
    expect(fake.calls.filter((call) => call.path !== ApiPath.getConfig)).toEqual([]);
  });

  it("a member's room asks for its round and the member's balance with the config, before its code has run", async () => {
    const fake = homeServer();
    startSession('token');
    void startFirstScreen('/activity/3');
    await waitFor(() => expect(fake.to(ApiPath.gameInfo)).toHaveLength(1));
    expect(fake.to(ApiPath.gameInfo)[0].body).toMatchObject({ roomid: 3 });
    expect(fake.to(ApiPath.userInfo)).toHaveLength(1);
    expect(fake.to(ApiPath.getConfig)).toHaveLength(1);
  });

  it("without a session a member's screen asks for nothing of the member's (it sends the visitor to log in)", async () => {
    const fake = homeServer();
    void startFirstScreen('/activity/3');
    await waitFor(() => expect(fake.to(ApiPath.getConfig)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls.filter((call) => call.path !== ApiPath.getConfig)).toEqual([]);
  });

  it("a session the server no longer knows ends at the room's first read, as the room's own read would end it", async () => {
    const fake = fakeFetch({
      [ApiPath.getConfig]: () => new Promise(() => undefined),
      [ApiPath.gameInfo]: () => refused(409, 'expired'),
      [ApiPath.userInfo]: () => refused(409, 'expired'),
    });
    vi.stubGlobal('fetch', fake.fetch);
    startSession('token');
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    try {
      void startFirstScreen('/activity/3');
      await waitFor(() => expect(ended).toHaveBeenCalled());
      expect(getMember()).toBeNull();
    } finally {
      stop();
    }
  });

  it('a room path that names no room asks for no round', async () => {
    const fake = homeServer();
    startSession('token');
    void startFirstScreen('/activity/abc');
    await waitFor(() => expect(fake.to(ApiPath.getConfig)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.to(ApiPath.gameInfo)).toEqual([]);
  });

  it("waits for the screen's code even when the page answered nothing, and settles once it is in", async () => {
    homeServer();
    const service = findRoute(PATTERNS.service, parse)!.screen;
    const code = deferred<{ default: ComponentType }>();
    const preload = vi.spyOn(service, 'preload').mockReturnValue(code.promise);
    try {
      let settled = false;
      void startFirstScreen(PATTERNS.service).then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Rendered now, the screen would show its fallback first.
      expect(settled).toBe(false);
      code.resolve({ default: () => null });
      await waitFor(() => expect(settled).toBe(true));
    } finally {
      preload.mockRestore();
    }
  });

  it('the app then renders on the config read in flight: asked once, the canvas stays until it answers', async () => {
    const fake = homeServer();
    void startFirstScreen('/');
    render(<App />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await waitFor(() => expect(fake.to(ApiPath.slide)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.to(ApiPath.getConfig)).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});

describe("a first visit's cache database", () => {
  it('opens once the first screen is answered, not only at the fallback wait: storing an answer does not hold the gate shut', async () => {
    // A browser that never stored a row, in a module graph of its own (the gate reads that once).
    localStorage.removeItem(STORED_ROWS_KEY);
    vi.resetModules();
    // The gate's fallback (open 3 s after it was first asked) never fires here: only the first
    // screen's answers can open it.
    const realSetTimeout = globalThis.setTimeout;
    vi.stubGlobal('setTimeout', ((run: () => void, ms?: number, ...rest: unknown[]) =>
      ms === FIRST_SCREEN_WAIT_MS ? 0 : realSetTimeout(run, ms, ...rest)) as typeof setTimeout);
    try {
      const CONFIG = appConfig();
      const fake = fakeFetch({ [ApiPath.getConfig]: () => ok(CONFIG) });
      vi.stubGlobal('fetch', fake.fetch);
      const stores = await import('../../src/client/data/stores');
      const firstScreen = await import('../../src/client/app/firstScreen');
      expect(stores.cacheGate.isOpen()).toBe(false);
      void firstScreen.startFirstScreen(PATTERNS.service);
      await waitFor(() => expect(stores.cacheGate.isOpen()).toBe(true));
      // And the answer that waited for it is stored.
      const config = queryKey(ApiPath.getConfig, {});
      await waitFor(async () => expect((await stores.appQueries.storedAnswer(config))?.data).toEqual(CONFIG));
    } finally {
      vi.stubGlobal('setTimeout', realSetTimeout);
      localStorage.setItem(STORED_ROWS_KEY, '1');
      vi.resetModules();
    }
  });
});
