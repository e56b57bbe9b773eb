/**
 * The answers the server writes into the page (api/pageAnswers.ts): each taken once, in place of
 * the first call to its path with no parameters, in its own language, checked as a network answer
 * is; a page without them, with old ones or with something else in their place changes nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiBase } from '../../src/client/api/base';
import { createApiClient, type ApiClientDeps } from '../../src/client/api/client';
import { ApiError } from '../../src/client/api/errors';
import { createPageAnswers } from '../../src/client/api/pageAnswers';
import { PAGE_ANSWERS_MAX_AGE_MS, type PageAnswers } from '../../src/shared/api/pageAnswers';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode } from '../../src/shared/errors';
import { API_BASE, fakeFetch, ok, appConfig } from './helpers';

const NOW = 1_780_000_000_000;

const CONFIG = appConfig({ siteName: 'From the page' });

function pageOf(overrides: Partial<PageAnswers> = {}): string {
  const page: PageAnswers = {
    lang: 'vi',
    madeAt: NOW - 1_000,
    apiWebUrl: 'https://api.example',
    answers: { [ApiPath.getConfig]: CONFIG, [ApiPath.slide]: [] },
    ...overrides,
  };
  return JSON.stringify(page);
}

function clientWith(text: string | null, lang = 'vi') {
  const fake = fakeFetch({ [ApiPath.getConfig]: () => ok({ ...CONFIG, siteName: 'From the server' }) });
  const answers = createPageAnswers(
    () => text,
    () => NOW,
  );
  const deps: ApiClientDeps = {
    base: async () => API_BASE,
    getLang: () => lang,
    onFailure: vi.fn(),
    onSessionEnd: vi.fn(),
    isOffline: () => false,
    log: vi.fn(),
    fetch: fake.fetch,
    pageAnswer: (path, answerLang) => answers.take(path, answerLang),
  };
  return { client: createApiClient(deps), fake };
}

describe("the page's answers", () => {
  it('answer the first call to their path without a request, once; the next call asks the server', async () => {
    const { client, fake } = clientWith(pageOf());
    expect((await client.call(ApiPath.getConfig, {})).siteName).toBe('From the page');
    expect(fake.calls).toHaveLength(0);
    expect((await client.call(ApiPath.getConfig, {})).siteName).toBe('From the server');
    expect(fake.calls).toHaveLength(1);
  });

  it('are not used in another language, when made too long ago, or when the page has none or junk', async () => {
    const pages = [
      clientWith(pageOf(), 'en'),
      clientWith(pageOf({ madeAt: NOW - PAGE_ANSWERS_MAX_AGE_MS - 1 })),
      clientWith(pageOf({ madeAt: NOW + PAGE_ANSWERS_MAX_AGE_MS + 1 })),
      clientWith(null),
      clientWith('{"lang":"vi"'),
      clientWith('{"lang":"vi","madeAt":1,"apiWebUrl":""}'),
    ];
    for (const { client, fake } of pages) {
      expect((await client.call(ApiPath.getConfig, {})).siteName).toBe('From the server');
      expect(fake.calls).toHaveLength(1);
    }
  });

  it('only answer a call without parameters, and nothing the page does not hold', async () => {
    const answers = createPageAnswers(
      () => pageOf(),
      () => NOW,
    );
    expect(answers.take(ApiPath.userInfo, 'vi')).toBeUndefined();
    expect(answers.take('constructor', 'vi')).toBeUndefined();
    expect(answers.take(ApiPath.slide, 'vi')).toEqual({ data: [] });

    const { client, fake } = clientWith(pageOf());
    const asked = await client.call(ApiPath.getConfig, { since: 1 } as never);
    expect(asked.siteName).toBe('From the server');
    expect(fake.calls).toHaveLength(1);
  });

  it('are checked against the call’s schema: a page answer of the wrong shape is a failure, never data', async () => {
    const { client } = clientWith(pageOf({ answers: { [ApiPath.getConfig]: { siteName: 42 } } }));
    const error = await client.call(ApiPath.getConfig, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.NetworkErrorRefresh, kind: 'malformed' });
  });

  it("give the API's address, so the manifest is not asked for", async () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
    };
    const manifest = vi.fn(async () => new Response(JSON.stringify({ apiWebUrl: 'https://manifest.example' })));
    const answers = createPageAnswers(
      () => pageOf({ apiWebUrl: 'https://api.example/' }),
      () => NOW,
    );
    const base = createApiBase(storage as unknown as Storage, '/manifest.json', () => answers.apiWebUrl());
    expect(await base.get(manifest)).toBe('https://api.example');
    expect(manifest).not.toHaveBeenCalled();
    expect(stored.get('api')).toBe('https://api.example');

    const without = createApiBase(storage as unknown as Storage, '/manifest.json', () =>
      createPageAnswers(
        () => null,
        () => NOW,
      ).apiWebUrl(),
    );
    expect(await without.get(manifest)).toBe('https://manifest.example');
    expect(manifest).toHaveBeenCalledTimes(1);
  });
});
