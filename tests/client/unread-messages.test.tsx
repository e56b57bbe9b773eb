import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import AccountPage from '../../src/client/features/account/AccountPage';
import { TabBar } from '../../src/client/app/TabBar';
import { startSession } from '../../src/client/api/session';
import { ApiPath } from '../../src/shared/api/paths';
import type { MessageReads, UserInfo } from '../../src/shared/api/types';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';

/**
 * The account menu's Messages entry and the tab bar's account tab say how many messages about the
 * member's account are unread, as the server counts them (the same on every device).
 */
const USER: UserInfo = {
  name: 'demo01',
  nickname: 'Demo',
  level: 1,
  money: 10,
  totalWin: 0,
  noPassword2: 0,
  lang: 'en',
};

function server(reads: MessageReads) {
  const fake = fakeFetch({
    [ApiPath.userInfo]: () => ok(USER),
    [ApiPath.leftMoney]: () => ok({ leftmoney: 10, turnoverRemaining: 0, pendingWithdrawals: 0, hasPayPassword: true }),
    [ApiPath.roomList]: () => ok([]),
    [ApiPath.messageReads]: () => ok(reads),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

beforeEach(async () => {
  await resetClientState();
  window.history.replaceState(null, '', '/user');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unread messages, where the member goes to read them', () => {
  it('the account menu: Messages with the count', async () => {
    startSession('token');
    server({ readUpTo: 1_000, unread: 3 });
    render(
      <Providers>
        <AccountPage />
      </Providers>,
    );
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    const messages = await within(menu).findByRole('link', { name: /^Messages ?, 3 unread$/ });
    expect(within(messages).getByTestId('unread-badge').textContent).toBe('3');
  });

  it('the account menu without unread messages: Messages alone', async () => {
    startSession('token');
    const fake = server({ readUpTo: 1_000, unread: 0 });
    render(
      <Providers>
        <AccountPage />
      </Providers>,
    );
    await waitFor(() => expect(fake.to(ApiPath.messageReads)).toHaveLength(1));
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(menu).getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it("the tab bar: the count on the account tab's icon", async () => {
    startSession('token');
    server({ readUpTo: 1_000, unread: 120 });
    render(
      <Providers>
        <TabBar />
      </Providers>,
    );
    const tab = await screen.findByRole('link', { name: /^My account ?, 120 unread$/ });
    // A count past 99 keeps to the icon's corner.
    expect(within(tab).getByTestId('unread-badge').textContent).toBe('99+');
  });

  it('a guest: nothing asked, nothing shown', async () => {
    const fake = server({ readUpTo: 0, unread: 5 });
    render(
      <Providers>
        <TabBar />
      </Providers>,
    );
    expect(screen.getByRole('link', { name: 'My account' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.to(ApiPath.messageReads)).toHaveLength(0);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
