import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { Article } from '../../src/shared/api/types';
import type { Locale } from '../../src/shared/locale';
import InfoPage from '../../src/client/features/content/InfoPage';
import { getQueryData, setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { article, deferred, renderAt } from './content-fixtures';
import { queryKey } from '../../src/client/data/key';

beforeEach(async () => {
  await resetClientState();
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const INTRO = (patch: Partial<Article> = {}) => article(260, { category: 26, ...patch });

describe('/info/:id (article by type)', () => {
  it('asks getOneclassArticle for the type and shows the newest article: title, date, content, images', async () => {
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () =>
        ok([INTRO({ img: ['/articles/intro.svg', '/articles/intro-2.svg'] }), article(259, { category: 26 })]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/info/26', '/info/:id', <InfoPage />);

    expect((await screen.findByTestId('article-title')).textContent).toBe('Title 260');
    expect(fake.to(ApiPath.oneClassArticle)[0].body).toMatchObject({ type: 26, lang: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About');
    expect(screen.getByTestId('article-html').innerHTML).toBe('<p>Content 260</p>');
    expect(screen.getAllByTestId('article')).toHaveLength(1);
    const images = screen.getAllByTestId('article-image') as HTMLImageElement[];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/articles/intro.svg', '/articles/intro-2.svg']);
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Title 260 (picture 1 of 2)',
      'Title 260 (picture 2 of 2)',
    ]);
    expect(images.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(screen.getByTestId('article-date').getAttribute('datetime')).toBe(
      new Date((1_773_000_000 + 260 * 3600) * 1000).toISOString(),
    );
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    const cached = await getQueryData<Article[]>(queryKey(ApiPath.oneClassArticle, { type: 26 }));
    expect(cached?.data.map((a) => a.id)).toEqual([260, 259]);
  });

  it('shows the cached article first, then the fresh one when it arrives', async () => {
    await setQueryData(
      queryKey(ApiPath.oneClassArticle, { type: 9 }),
      [article(1, { title_yw: 'Cached news' })],
      1_000,
    );
    const answer = deferred<unknown>();
    const fake = fakeFetch({ [ApiPath.oneClassArticle]: () => answer.promise });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/info/9', '/info/:id', <InfoPage />);

    expect((await screen.findByTestId('article-title')).textContent).toBe('Cached news');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Information');
    await act(async () => answer.resolve(ok([article(2, { title_yw: 'Fresh news' }), article(1)])));
    await waitFor(() => expect(screen.getByTestId('article-title').textContent).toBe('Fresh news'));
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });

  it('an empty category says nothing is published yet', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.oneClassArticle]: () => ok([]) }).fetch);
    renderAt('/info/26', '/info/:id', <InfoPage />);
    expect(await screen.findByRole('heading', { name: 'Nothing published here yet' })).toBeTruthy();
    expect(screen.queryByTestId('article')).toBeNull();
  });

  it('a malformed id is not found, without a request', async () => {
    const fake = fakeFetch({ [ApiPath.oneClassArticle]: () => ok([]) });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/info/abc', '/info/:id', <InfoPage />);
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  it('offline: shows the cached article with a stale badge and sends nothing', async () => {
    const fake = fakeFetch({ [ApiPath.oneClassArticle]: () => ok([]) });
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 26 }), [INTRO()], Date.now() - 3_600_000);
    online.browserChanged(false);
    renderAt('/info/26', '/info/:id', <InfoPage />);
    expect((await screen.findByTestId('article-title')).textContent).toBe('Title 260');
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    expect(fake.calls).toHaveLength(0);
  });

  it('offline with nothing cached: unavailable, with a retry', async () => {
    online.browserChanged(false);
    renderAt('/info/26', '/info/:id', <InfoPage />);
    expect(await screen.findByRole('heading', { name: 'Articles unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renders the content through the sanitiser: no script, no handler, no javascript: link', async () => {
    const hostile = INTRO({
      content_yw:
        '<p>Safe</p><script>window.__pwned = 1</script><img src="/a.png" onerror="window.__pwned = 2"><a href="javascript:alert(1)">x</a><iframe src="https://evil.test"></iframe>',
    });
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.oneClassArticle]: () => ok([hostile]) }).fetch);
    renderAt('/info/26', '/info/:id', <InfoPage />);
    const html = await screen.findByTestId('article-html');
    expect(html.querySelector('script, iframe')).toBeNull();
    expect(html.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(html.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(within(html).getByText('Safe')).toBeTruthy();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  const LANGUAGES: [Locale, string, string, string][] = [
    ['en', 'Title 260', '<p>Content 260</p>', 'About'],
    ['vi', 'Tiêu đề 260', '<p>Nội dung 260</p>', 'Giới thiệu'],
    ['zh-CN', '标题 260', '<p>内容 260</p>', '平台介绍'],
    ['zh-TW', '標題 260', '<p>內容 260</p>', '平台介紹'],
  ];
  it.each(LANGUAGES)('in %s picks the fields of that language', async (locale, title, content, heading) => {
    await activateLocale(locale, { persist: false });
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 26 }), [INTRO()]);
    online.browserChanged(false);
    renderAt('/info/26', '/info/:id', <InfoPage />);
    await waitFor(() => expect(screen.getByTestId('article-title').textContent).toBe(title));
    expect(screen.getByTestId('article-html').innerHTML).toBe(content);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });

  it('falls back to another language when the chosen one is missing', async () => {
    await activateLocale('vi', { persist: false });
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 26 }), [INTRO({ title_vi: '', content_vi: ' ' })]);
    online.browserChanged(false);
    renderAt('/info/26', '/info/:id', <InfoPage />);
    await waitFor(() => expect(screen.getByTestId('article-title').textContent).toBe('Title 260'));
    expect(screen.getByTestId('article-html').innerHTML).toBe('<p>Content 260</p>');
  });
});
