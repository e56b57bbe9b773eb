import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ARTICLE_CATEGORY } from '../../src/shared/content';
import type { Locale } from '../../src/shared/locale';
import HelpListPage from '../../src/client/features/content/HelpListPage';
import HelpPage from '../../src/client/features/content/HelpPage';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, refused, resetClientState, type FakeCall } from './helpers';
import { article, deferred, renderAt, summary } from './content-fixtures';
import { queryKey } from '../../src/client/data/key';

beforeEach(async () => {
  await resetClientState();
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const GUIDE = article(20, { category: ARTICLE_CATEGORY.Help, title_yw: 'How to play', img: [] });
const NEWS = [
  article(92, { title_yw: 'Newest news', img: ['/articles/news-92.svg'] }),
  article(91, { title_yw: 'Older news', img: [] }),
];

function listServer(byType: Record<number, unknown>) {
  return fakeFetch({
    [ApiPath.articleList]: (call: FakeCall) => ok(byType[call.body.type as number] ?? []),
  });
}

const sectionRows = (testId: string) => within(screen.getByTestId(testId)).queryAllByTestId('article-row');

describe('/help/list', () => {
  it('lists guides first, then news (category 9): titles, pictures, links to /help/:id', async () => {
    const fake = listServer({ [ARTICLE_CATEGORY.Help]: [summary(GUIDE)], [ARTICLE_CATEGORY.News]: NEWS.map(summary) });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/help/list', '/help/list', <HelpListPage />);

    await waitFor(() => expect(sectionRows('help-news')).toHaveLength(2));
    await waitFor(() => expect(sectionRows('help-guides')).toHaveLength(1));
    expect(
      fake
        .to(ApiPath.articleList)
        .map((call) => call.body.type)
        .sort(),
    ).toEqual([2, 9]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Guides', 'News']);

    const [newest, older] = sectionRows('help-news');
    expect(newest.textContent).toContain('Newest news');
    expect(newest.getAttribute('href')).toBe('/help/92');
    expect(newest.querySelector('img')?.getAttribute('src')).toBe('/articles/news-92.svg');
    expect(newest.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(older.querySelector('img')).toBeNull();
    expect(sectionRows('help-guides')[0].getAttribute('href')).toBe('/help/20');
  });

  it('shows cached titles first, then fresh ones', async () => {
    await setQueryData(
      queryKey(ApiPath.articleList, { type: 9 }),
      [summary(article(1, { title_yw: 'Cached title' }))],
      1_000,
    );
    await setQueryData(queryKey(ApiPath.articleList, { type: 2 }), [], 1_000);
    const answer = deferred<unknown>();
    const fake = fakeFetch({
      [ApiPath.articleList]: (call: FakeCall) => (call.body.type === 9 ? answer.promise : ok([])),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/help/list', '/help/list', <HelpListPage />);

    await waitFor(() => expect(sectionRows('help-news')[0]?.textContent).toContain('Cached title'));
    await act(async () => answer.resolve(ok(NEWS.map(summary))));
    await waitFor(() => expect(sectionRows('help-news')).toHaveLength(2));
    expect(sectionRows('help-news')[0].textContent).toContain('Newest news');
  });

  it('empty categories say so, each in its section', async () => {
    vi.stubGlobal('fetch', listServer({}).fetch);
    renderAt('/help/list', '/help/list', <HelpListPage />);
    expect(await within(screen.getByTestId('help-guides')).findByText('No guides yet.')).toBeTruthy();
    expect(await within(screen.getByTestId('help-news')).findByText('No news yet.')).toBeTruthy();
  });

  it('offline: the cached list with a stale badge, nothing sent', async () => {
    const fake = listServer({});
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData(queryKey(ApiPath.articleList, { type: 9 }), NEWS.map(summary), Date.now() - 60_000);
    online.browserChanged(false);
    renderAt('/help/list', '/help/list', <HelpListPage />);
    await waitFor(() => expect(sectionRows('help-news')).toHaveLength(2));
    expect(within(screen.getByTestId('help-news')).getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    // Guides were never cached: said plainly, with a retry (once their own cache read is done).
    expect(await within(screen.getByTestId('help-guides')).findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(screen.getByTestId('help-guides')).getByText(/^Not available offline yet/)).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  it('online but the server fails: says it could not be loaded, not that the member is offline', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.articleList]: () => refused(2002, 'Unknown error') }).fetch);
    renderAt('/help/list', '/help/list', <HelpListPage />);
    const news = screen.getByTestId('help-news');
    expect(await within(news).findByText('Could not be loaded. Try again in a moment.')).toBeTruthy();
    expect(within(news).queryByText(/offline/)).toBeNull();
  });

  const TITLES: [Locale, string, string][] = [
    ['en', 'Title 5', 'Help'],
    ['vi', 'Tiêu đề 5', 'Trợ giúp'],
    ['zh-CN', '标题 5', '帮助'],
    ['zh-TW', '標題 5', '說明'],
  ];
  it.each(TITLES)('in %s lists the titles of that language', async (locale, title, heading) => {
    await activateLocale(locale, { persist: false });
    await setQueryData(queryKey(ApiPath.articleList, { type: 9 }), [summary(article(5))]);
    online.browserChanged(false);
    renderAt('/help/list', '/help/list', <HelpListPage />);
    await waitFor(() => expect(sectionRows('help-news')[0]?.textContent).toContain(title));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });
});

describe('/help/:id', () => {
  it('reads getArticledetail by id: title, content, pictures with alt text', async () => {
    const fake = fakeFetch({
      [ApiPath.articleDetail]: (call: FakeCall) =>
        call.body.id === 92 ? ok(NEWS[0]) : refused(1001, 'Incomplete parameters'),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/help/92', '/help/:id', <HelpPage />);
    expect((await screen.findByTestId('article-title')).textContent).toBe('Newest news');
    expect(fake.to(ApiPath.articleDetail)[0].body).toMatchObject({ id: 92 });
    expect(screen.getByTestId('article-html').innerHTML).toBe('<p>Content 92</p>');
    const image = screen.getByTestId('article-image');
    expect(image.getAttribute('src')).toBe('/articles/news-92.svg');
    expect(image.getAttribute('alt')).toBe('Newest news');
  });

  it('an unknown id is a clear not-found state, without a toast', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.articleDetail]: () => refused(1001, 'Incomplete parameters') }).fetch);
    renderAt('/help/999', '/help/:id', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All articles' }).getAttribute('href')).toBe('/help/list');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a null answer is not an article: refused at the door: unavailable, nothing shown', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.articleDetail]: () => ok(null) }).fetch);
    renderAt('/help/7', '/help/:id', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'Articles unavailable' })).toBeTruthy();
    expect(screen.queryByTestId('article-title')).toBeNull();
  });

  it('an article removed on the server since it was read: not found, not the cached copy', async () => {
    await setQueryData(
      queryKey(ApiPath.articleDetail, { id: 92 }),
      article(92, { title_yw: 'Removed since' }),
      Date.now() - 60_000,
    );
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.articleDetail]: () => refused(1001, 'Incomplete parameters') }).fetch);
    renderAt('/help/92', '/help/:id', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeTruthy();
    expect(screen.queryByTestId('article-title')).toBeNull();
  });

  it('cached first, then fresh', async () => {
    await setQueryData(queryKey(ApiPath.articleDetail, { id: 92 }), article(92, { title_yw: 'Cached' }), 1_000);
    const answer = deferred<unknown>();
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.articleDetail]: () => answer.promise }).fetch);
    renderAt('/help/92', '/help/:id', <HelpPage />);
    expect((await screen.findByTestId('article-title')).textContent).toBe('Cached');
    await act(async () => answer.resolve(ok(NEWS[0])));
    await waitFor(() => expect(screen.getByTestId('article-title').textContent).toBe('Newest news'));
  });

  it('offline: the cached article with a stale badge; uncached: unavailable rather than not found', async () => {
    await setQueryData(queryKey(ApiPath.articleDetail, { id: 92 }), NEWS[0], Date.now() - 60_000);
    online.browserChanged(false);
    const view = renderAt('/help/92', '/help/:id', <HelpPage />);
    expect((await screen.findByTestId('article-title')).textContent).toBe('Newest news');
    expect(screen.getByTestId('stale-badge')).toBeTruthy();
    view.unmount();

    renderAt('/help/93', '/help/:id', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'Articles unavailable' })).toBeTruthy();
  });

  const LANGUAGES: [Locale, string, string][] = [
    ['en', 'Title 92', '<p>Content 92</p>'],
    ['vi', 'Tiêu đề 92', '<p>Nội dung 92</p>'],
    ['zh-CN', '标题 92', '<p>内容 92</p>'],
    ['zh-TW', '標題 92', '<p>內容 92</p>'],
  ];
  it.each(LANGUAGES)('in %s shows that language', async (locale, title, content) => {
    await activateLocale(locale, { persist: false });
    await setQueryData(queryKey(ApiPath.articleDetail, { id: 92 }), article(92));
    online.browserChanged(false);
    renderAt('/help/92', '/help/:id', <HelpPage />);
    await waitFor(() => expect(screen.getByTestId('article-title').textContent).toBe(title));
    expect(screen.getByTestId('article-html').innerHTML).toBe(content);
  });
});
