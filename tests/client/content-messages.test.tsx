import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { ApiPath } from '../../src/shared/api/paths';
import { ARTICLE_CATEGORY } from '../../src/shared/content';
import type { Locale } from '../../src/shared/locale';
import MessagesPage from '../../src/client/features/content/MessagesPage';
import { KeepAliveOutlet } from '../../src/client/app/KeepAliveOutlet';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale, formatDateTime } from '../../src/client/i18n';
import { fakeFetch, ok, Providers, resetClientState, type FakeCall } from './helpers';
import { article, deferred, renderAt } from './content-fixtures';
import { queryKey } from '../../src/client/data/key';
import { ScreenActiveContext } from '../../src/client/ui/screen';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const NEWS = [
  article(92, { title_yw: 'Maintenance done', content_yw: '<p>All <strong>rooms</strong> are open.</p>' }),
  article(91, { title_yw: 'New rooms', img: ['/articles/rooms.svg'] }),
];
const ANNOUNCEMENTS = [
  article(141, {
    category: ARTICLE_CATEGORY.Announcement,
    title_yw: 'Withdrawal hours',
    content_yw: '<p onclick="alert(1)">Within 24 hours.</p><script>window.__pwned = 1</script>',
  }),
];

function messageServer(byType: Record<number, unknown>) {
  return fakeFetch({
    [ApiPath.oneClassArticle]: (call: FakeCall) => ok(byType[call.body.type as number] ?? []),
  });
}

const panel = (tab: 'news' | 'announcements') => screen.getByTestId(`messages-${tab}`);
const titles = (tab: 'news' | 'announcements') =>
  within(panel(tab))
    .queryAllByTestId('message-title')
    .map((el) => el.textContent);

describe('/message', () => {
  it('the personal messages first, then news (9) and announcements (14), both fetched so both read offline later', async () => {
    const fake = messageServer({ 9: NEWS, 14: ANNOUNCEMENTS });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/message', '/message', <MessagesPage />);

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Personal', 'News', 'Notices']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tabs[1]);
    expect(screen.getAllByRole('tab')[1].getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(titles('news')).toEqual(['Maintenance done', 'New rooms']));
    // Each list is asked once its stored answer has been looked for: the two need not leave together.
    await waitFor(() =>
      expect(
        fake
          .to(ApiPath.oneClassArticle)
          .map((call) => call.body.type)
          .sort(),
      ).toEqual([14, 9]),
    );
    expect(panel('announcements').closest('[hidden]')).not.toBeNull();

    fireEvent.click(tabs[2]);
    expect(screen.getAllByRole('tab')[2].getAttribute('aria-selected')).toBe('true');
    expect(panel('announcements').closest('[hidden]')).toBeNull();
    expect(titles('announcements')).toEqual(['Withdrawal hours']);
  });

  it('an entry shows title and date; tapping it expands the sanitised content, tapping again folds it', async () => {
    vi.stubGlobal('fetch', messageServer({ 9: NEWS, 14: ANNOUNCEMENTS }).fetch);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(titles('news')).toHaveLength(2));

    const [first, second] = within(panel('news')).getAllByTestId('message');
    const toggle = within(first).getByTestId('message-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).getByTestId('article-date').getAttribute('datetime')).toBe(
      new Date((1_773_000_000 + 92 * 3600) * 1000).toISOString(),
    );
    expect(within(first).queryByTestId('article-html')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByTestId('article-html').innerHTML).toBe('<p>All <strong>rooms</strong> are open.</p>');
    // The other entry stays folded; its picture loads only when opened.
    expect(within(second).queryByTestId('article-image')).toBeNull();
    fireEvent.click(within(second).getByTestId('message-toggle'));
    expect(within(second).getByTestId('article-image').getAttribute('alt')).toBe('New rooms');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).queryByTestId('article-html')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Notices' }));
    const [announcement] = within(panel('announcements')).getAllByTestId('message');
    fireEvent.click(within(announcement).getByTestId('message-toggle'));
    const html = within(announcement).getByTestId('article-html');
    expect(html.innerHTML).toBe('<p>Within 24 hours.</p>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows cached entries first, then the fresh list', async () => {
    await setQueryData(
      queryKey(ApiPath.oneClassArticle, { type: 9 }),
      [article(1, { title_yw: 'Cached message' })],
      1_000,
    );
    const answer = deferred<unknown>();
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.oneClassArticle]: (call: FakeCall) => (call.body.type === 9 ? answer.promise : ok([])),
      }).fetch,
    );
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(titles('news')).toEqual(['Cached message']));
    await act(async () => answer.resolve(ok(NEWS)));
    await waitFor(() => expect(titles('news')).toEqual(['Maintenance done', 'New rooms']));
  });

  it('an empty state per tab', async () => {
    vi.stubGlobal('fetch', messageServer({ 9: NEWS }).fetch);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(titles('news')).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: 'Notices' }));
    expect(await within(panel('announcements')).findByRole('heading', { name: 'No announcements yet' })).toBeTruthy();
    expect(within(panel('news')).queryByRole('heading', { name: 'No news yet' })).toBeNull();
  });

  it('offline: cached messages with a stale badge, nothing sent, and still expandable', async () => {
    const fake = messageServer({});
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 9 }), NEWS, Date.now() - 600_000);
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 14 }), ANNOUNCEMENTS, Date.now() - 600_000);
    online.browserChanged(false);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(titles('news')).toHaveLength(2));
    expect(within(panel('news')).getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    fireEvent.click(within(panel('news')).getAllByTestId('message-toggle')[0]);
    expect(within(panel('news')).getByTestId('article-html').textContent).toBe('All rooms are open.');
    expect(fake.calls).toHaveLength(0);
  });

  const LANGUAGES: [Locale, string, string, string[]][] = [
    ['en', 'Title 92', 'Content 92', ['Personal', 'News', 'Notices']],
    ['vi', 'Tiêu đề 92', 'Nội dung 92', ['Cá nhân', 'Tin tức', 'Thông báo']],
    ['zh-CN', '标题 92', '内容 92', ['个人', '新闻', '公告']],
    ['zh-TW', '標題 92', '內容 92', ['個人', '新聞', '公告']],
  ];
  it.each(LANGUAGES)('in %s shows titles, content and tabs in that language', async (locale, title, content, tabs) => {
    await activateLocale(locale, { persist: false });
    await setQueryData(queryKey(ApiPath.oneClassArticle, { type: 9 }), [article(92)]);
    online.browserChanged(false);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(titles('news')).toEqual([title]));
    fireEvent.click(within(panel('news')).getByTestId('message-toggle'));
    expect(within(panel('news')).getByTestId('article-html').textContent).toBe(content);
    expect(screen.getAllByRole('tab').map((el) => el.textContent)).toEqual(tabs);
  });

  it('keeps the chosen tab and open entries when the member navigates away and back (kept alive)', async () => {
    vi.stubGlobal('fetch', messageServer({ 9: NEWS, 14: ANNOUNCEMENTS }).fetch);
    window.history.replaceState(null, '', '/message');
    render(
      <Providers>
        <KeepAliveOutlet />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Notices' }));
    await waitFor(() => expect(titles('announcements')).toEqual(['Withdrawal hours']));
    fireEvent.click(within(panel('announcements')).getByTestId('message-toggle'));

    await act(async () => navigate('/languageSet'));
    await screen.findByRole('heading', { level: 1, name: 'Language' });
    await act(async () => navigate('/message'));

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Notices' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(within(panel('announcements')).getByTestId('message-toggle').getAttribute('aria-expanded')).toBe('true');
  });

  it('"Personal": each withdrawal the operator paid or rejected, with the note, in the member\'s language; offline from the cache', async () => {
    const withdrawals = [
      {
        id: 3,
        money: 20,
        type: 'Bank',
        account: 'Vietcombank ···3456',
        status: 'pending',
        note: '',
        time: 3_000,
        decidedAt: null,
      },
      {
        id: 2,
        money: 50,
        type: 'USDT-TRC20',
        account: 'TQn9Y2…bLSE',
        status: 'rejected',
        note: 'Address not verified',
        time: 2_000,
        decidedAt: 2_500,
      },
      {
        id: 1,
        money: 100,
        type: 'Bank',
        account: 'Vietcombank ···3456',
        status: 'paid',
        note: '',
        time: 1_000,
        decidedAt: 1_500,
      },
    ];
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () => ok([]),
      [ApiPath.withdrawals]: () => ok(withdrawals),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/message', '/message', <MessagesPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Personal' }));
    const mine = screen.getByTestId('messages-mine');
    await waitFor(() => expect(within(mine).getAllByTestId('account-message')).toHaveLength(2));
    expect(
      within(mine)
        .getAllByTestId('message-text')
        .map((el) => el.textContent),
    ).toEqual([
      'Your withdrawal of 50.00 USD to TQn9Y2…bLSE was rejected: Address not verified. The amount is back in your balance.',
      'Your withdrawal of 100.00 USD to Vietcombank ···3456 has been paid.',
    ]);
    await act(async () => activateLocale('vi', { persist: false }));
    expect(
      within(mine)
        .getAllByTestId('message-title')
        .map((el) => el.textContent),
    ).toEqual(['Lệnh rút tiền bị từ chối', 'Lệnh rút tiền đã được thanh toán']);
  });

  it('"Personal": a paid withdrawal with the operator\'s reference, and one the member cancelled', async () => {
    const withdrawals = [
      {
        id: 5,
        money: 30,
        type: 'USDT-TRC20',
        account: 'TQn9Y2…bLSE',
        status: 'cancelled',
        note: '',
        time: 5_000,
        decidedAt: 5_500,
      },
      {
        id: 4,
        money: 100,
        type: 'Bank',
        account: 'Vietcombank ···3456',
        status: 'paid',
        note: 'Paid by bank transfer, ref VCB-7781',
        time: 4_000,
        decidedAt: 4_500,
      },
    ];
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.oneClassArticle]: () => ok([]), [ApiPath.withdrawals]: () => ok(withdrawals) }).fetch,
    );
    renderAt('/message', '/message', <MessagesPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Personal' }));
    const mine = screen.getByTestId('messages-mine');
    await waitFor(() => expect(within(mine).getAllByTestId('account-message')).toHaveLength(2));
    expect(
      within(mine)
        .getAllByTestId('message-title')
        .map((el) => el.textContent),
    ).toEqual(['Withdrawal cancelled', 'Withdrawal paid']);
    expect(
      within(mine)
        .getAllByTestId('message-text')
        .map((el) => el.textContent),
    ).toEqual([
      'You cancelled your withdrawal of 30.00 USD to TQn9Y2…bLSE. The amount is back in your balance.',
      "Your withdrawal of 100.00 USD to Vietcombank ···3456 has been paid. Operator's note: Paid by bank transfer, ref VCB-7781",
    ]);
    await act(async () => activateLocale('zh-CN', { persist: false }));
    expect(within(mine).getAllByTestId('message-text')[1].textContent).toBe(
      '您转至 Vietcombank ···3456 的 100.00 USD 提现已支付。运营方备注：Paid by bank transfer, ref VCB-7781',
    );
  });

  it('"Personal": each withdrawal account added and each credit of the operator, newest first among the withdrawals; an account says from when it receives withdrawals, a credit its amount and reference', async () => {
    const day = 24 * 3600_000;
    const added = [
      { id: 8, type: 'USDT-TRC20', ending: 'bLSE', addedAt: 4_000, availableAt: 4_000 + day, removedAt: 5_000 },
      { id: 7, type: 'Bank', ending: '3456', addedAt: 2_000, availableAt: 2_000 + day, removedAt: null },
    ];
    const withdrawals = [
      {
        id: 1,
        money: 100,
        type: 'Bank',
        account: 'Vietcombank ···3456',
        status: 'paid',
        note: '',
        time: 2_500,
        decidedAt: 3_000,
      },
    ];
    const deposits = [
      { id: 31, money: 1250.5, reference: 'VCB-88213', time: 3_500 },
      { id: 30, money: 20, reference: '', time: 1_000 },
    ];
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () => ok([]),
      [ApiPath.withdrawals]: () => ok(withdrawals),
      [ApiPath.addedAccounts]: () => ok(added),
      [ApiPath.deposits]: () => ok(deposits),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/message', '/message', <MessagesPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Personal' }));
    const mine = screen.getByTestId('messages-mine');
    await waitFor(() => expect(within(mine).getAllByTestId('account-message')).toHaveLength(5));
    expect(within(mine).queryByTestId('stale-badge')).toBeNull();
    expect(
      within(mine)
        .getAllByTestId('account-message')
        .map((el) => el.getAttribute('data-status')),
    ).toEqual(['added', 'deposit', 'paid', 'added', 'deposit']);
    const advice = 'If it was not you, change your passwords and log out your other devices.';
    expect(
      within(mine)
        .getAllByTestId('message-text')
        .map((el) => el.textContent),
    ).toEqual([
      `An account ending bLSE was added, and has since been deleted. ${advice}`,
      '1,250.50 USD was added to your balance. Reference: VCB-88213',
      'Your withdrawal of 100.00 USD to Vietcombank ···3456 has been paid.',
      `An account ending 3456 was added; withdrawals to it are possible from ${formatDateTime(2_000 + day)}. ${advice}`,
      '20.00 USD was added to your balance.',
    ]);
    expect(within(mine).getAllByTestId('message-title')[1].textContent).toBe('Money added');
    expect(within(mine).getAllByTestId('message-title')[0].textContent).toBe('Withdrawal account added');
    await act(async () => activateLocale('vi', { persist: false }));
    expect(within(mine).getAllByTestId('message-title')[0].textContent).not.toBe('Withdrawal account added');
  });

  it('"Personal" reads offline from the last answer', async () => {
    await setQueryData(queryKey(ApiPath.withdrawals, { limit: 20 }), [
      {
        id: 1,
        money: 100,
        type: 'Bank',
        account: 'Vietcombank ···3456',
        status: 'paid',
        note: '',
        time: 1_000,
        decidedAt: 1_500,
      },
    ]);
    online.browserChanged(false);
    renderAt('/message', '/message', <MessagesPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Personal' }));
    const mine = screen.getByTestId('messages-mine');
    await waitFor(() => expect(within(mine).getAllByTestId('account-message')).toHaveLength(1));
    expect(within(mine).getByTestId('stale-badge')).toBeTruthy();
  });
});

const DECIDED = [
  {
    id: 3,
    money: 20,
    type: 'Bank',
    account: 'Vietcombank ···3456',
    status: 'pending',
    note: '',
    time: 3_000,
    decidedAt: null,
  },
  {
    id: 2,
    money: 50,
    type: 'USDT-TRC20',
    account: 'TQn9Y2…bLSE',
    status: 'rejected',
    note: '',
    time: 2_000,
    decidedAt: 2_500,
  },
  {
    id: 1,
    money: 100,
    type: 'Bank',
    account: 'Vietcombank ···3456',
    status: 'paid',
    note: '',
    time: 1_000,
    decidedAt: 1_500,
  },
];

/** The messages page on a screen that is shown or not (kept alive in the background). */
function MessagesOn({ active }: { active: boolean }) {
  return (
    <ScreenActiveContext.Provider value={active}>
      <MessagesPage />
    </ScreenActiveContext.Provider>
  );
}

const unreadMarks = () =>
  within(screen.getByTestId('messages-mine'))
    .getAllByTestId('account-message')
    .map((el) => [el.dataset.status, el.dataset.unread === 'true', el.textContent?.includes('New') ?? false]);

describe('/message: what is unread', () => {
  it('the Personal tab counts what is unread; once looked at, the server is told, the count goes and the new ones stay marked while shown', async () => {
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () => ok([]),
      [ApiPath.withdrawals]: () => ok(DECIDED),
      [ApiPath.messageReads]: () => ok({ readUpTo: 2_000, unread: 1 }),
      [ApiPath.readMessages]: (call: FakeCall) => ok({ readUpTo: call.body.upTo, unread: 0 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    window.history.replaceState(null, '', '/message');
    const view = render(
      <Providers>
        <MessagesOn active={false} />
      </Providers>,
    );
    // In the background: counted, not read.
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Personal ?, 1 unread$/ })).toBeTruthy());
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');
    await waitFor(() =>
      expect(within(screen.getByTestId('messages-mine')).getAllByTestId('account-message')).toHaveLength(2),
    );
    expect(fake.to(ApiPath.readMessages)).toHaveLength(0);

    view.rerender(
      <Providers>
        <MessagesOn active />
      </Providers>,
    );
    await waitFor(() => expect(fake.to(ApiPath.readMessages)).toHaveLength(1));
    // Read up to the newest shown: a decision made after it stays unread.
    expect(fake.to(ApiPath.readMessages)[0].body).toMatchObject({ upTo: 2_500 });
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Personal' })).toBeTruthy();
    expect(unreadMarks()).toEqual([
      ['rejected', true, true],
      ['paid', false, false],
    ]);

    // Away and back: what was new then is read now.
    view.rerender(
      <Providers>
        <MessagesOn active={false} />
      </Providers>,
    );
    view.rerender(
      <Providers>
        <MessagesOn active />
      </Providers>,
    );
    await waitFor(() =>
      expect(unreadMarks()).toEqual([
        ['rejected', false, false],
        ['paid', false, false],
      ]),
    );
    expect(fake.to(ApiPath.readMessages)).toHaveLength(1);
  });

  it('an account added since is new too, and read up to it', async () => {
    const added = [
      { id: 9, type: 'Bank', ending: '3456', addedAt: 3_000, availableAt: 3_000 + 86_400_000, removedAt: null },
    ];
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () => ok([]),
      [ApiPath.withdrawals]: () => ok(DECIDED),
      [ApiPath.addedAccounts]: () => ok(added),
      [ApiPath.messageReads]: () => ok({ readUpTo: 2_000, unread: 2 }),
      [ApiPath.readMessages]: (call: FakeCall) => ok({ readUpTo: call.body.upTo, unread: 0 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(fake.to(ApiPath.readMessages)).toHaveLength(1));
    expect(fake.to(ApiPath.readMessages)[0].body).toMatchObject({ upTo: 3_000 });
    await waitFor(() =>
      expect(unreadMarks()).toEqual([
        ['added', true, true],
        ['rejected', true, true],
        ['paid', false, false],
      ]),
    );
  });

  it('a withdrawal the member cancelled is not marked New', async () => {
    const cancelled = { ...DECIDED[1], id: 4, status: 'cancelled', time: 3_000, decidedAt: 3_500 };
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () => ok([]),
      [ApiPath.withdrawals]: () => ok([cancelled, ...DECIDED]),
      [ApiPath.messageReads]: () => ok({ readUpTo: 2_000, unread: 1 }),
      [ApiPath.readMessages]: (call: FakeCall) => ok({ readUpTo: call.body.upTo, unread: 0 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() =>
      expect(unreadMarks()).toEqual([
        ['cancelled', false, false],
        ['rejected', true, true],
        ['paid', false, false],
      ]),
    );
  });

  it("another phone read them already: the server's marker counts, not the one this phone cached", async () => {
    await setQueryData(queryKey(ApiPath.messageReads, {}), { readUpTo: 0, unread: 2 });
    const fake = fakeFetch({
      [ApiPath.oneClassArticle]: () => ok([]),
      [ApiPath.withdrawals]: () => ok(DECIDED),
      [ApiPath.messageReads]: () => ok({ readUpTo: 2_500, unread: 0 }),
      [ApiPath.readMessages]: (call: FakeCall) => ok({ readUpTo: call.body.upTo, unread: 0 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() =>
      expect(within(screen.getByTestId('messages-mine')).getAllByTestId('account-message')).toHaveLength(2),
    );
    await waitFor(() => expect(fake.to(ApiPath.messageReads)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(unreadMarks()).toEqual([
      ['rejected', false, false],
      ['paid', false, false],
    ]);
    expect(fake.to(ApiPath.readMessages)).toHaveLength(0);
  });

  it('offline: the count of the last answer, the unread ones marked, nothing sent', async () => {
    await setQueryData(queryKey(ApiPath.withdrawals, { limit: 20 }), DECIDED);
    await setQueryData(queryKey(ApiPath.messageReads, {}), { readUpTo: 0, unread: 2 });
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    online.browserChanged(false);
    renderAt('/message', '/message', <MessagesPage />);
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Personal ?, 2 unread$/ })).toBeTruthy());
    await waitFor(() =>
      expect(unreadMarks()).toEqual([
        ['rejected', true, true],
        ['paid', true, true],
      ]),
    );
    expect(fake.calls).toHaveLength(0);
  });
});
