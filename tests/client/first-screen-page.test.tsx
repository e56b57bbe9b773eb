/**
 * A first visit whose page carries the server's answers (api/pageAnswers.ts): the first screen's
 * start settles once they are in the cache, so the app's first render has them, and none of them
 * is asked of the network.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { PAGE_ANSWERS_ELEMENT_ID } from '../../src/shared/api/pageAnswers';
import type { AppConfig } from '../../src/shared/api/types';
import { startFirstScreen } from '../../src/client/app/firstScreen';
import { getQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';
import { fakeFetch, ok, resetClientState, appConfig } from './helpers';

vi.mock('../../src/client/features/home/HomePage', () => ({ default: () => null }));

const CONFIG = appConfig({ siteName: 'From the page' });

beforeEach(async () => {
  await resetClientState();
  window.history.replaceState(null, '', '/');
});

describe("the first screen from the page's answers", () => {
  it("settles with home's answers in the cache, none asked of the network", async () => {
    const element = document.createElement('script');
    element.id = PAGE_ANSWERS_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = JSON.stringify({
      lang: 'en',
      madeAt: Date.now(),
      apiWebUrl: '',
      answers: { [ApiPath.getConfig]: CONFIG, [ApiPath.slide]: [], [ApiPath.homeTiles]: [], [ApiPath.winners]: [] },
    });
    document.head.append(element);
    const fake = fakeFetch({ [ApiPath.getConfig]: () => ok({ ...CONFIG, siteName: 'From the server' }) });
    vi.stubGlobal('fetch', fake.fetch);

    await startFirstScreen('/');
    expect((await getQueryData<AppConfig>(queryKey(ApiPath.getConfig, {})))?.data.siteName).toBe('From the page');
    for (const path of [ApiPath.slide, ApiPath.homeTiles, ApiPath.winners]) {
      expect((await getQueryData(queryKey(path, {})))?.data).toEqual([]);
    }
    expect(fake.calls).toEqual([]);

    // Taken once: the next start asks the server, and does not wait for it.
    const again = startFirstScreen('/service');
    await again;
    await vi.waitFor(() => expect(fake.to(ApiPath.getConfig)).toHaveLength(1));
  });
});
