/**
 * The security page lists where the member is logged in (device, approximate place, times, this
 * device first) and logs out the other devices after a confirmation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { SessionItem } from '../../src/shared/api/types';
import PasswordMenuPage from '../../src/client/features/account/PasswordMenuPage';
import { startSession } from '../../src/client/api/session';
import { logout } from '../../src/client/data';
import { getQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';
import { formatDateTime } from '../../src/client/i18n';
import { fakeFetch, ok, refused, resetClientState } from './helpers';
import { renderScreen } from './wallet-fixtures';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/my_password');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const THIS: SessionItem = {
  browser: 'Chrome',
  os: 'Android',
  place: '203.0.113.*',
  createdAt: 1_760_000_000_000,
  lastUsedAt: 1_760_100_000_000,
  current: true,
  push: null,
};
const OTHER: SessionItem = {
  browser: 'Safari',
  os: 'iPhone',
  place: '198.51.100.*',
  createdAt: 1_759_000_000_000,
  lastUsedAt: 1_759_500_000_000,
  current: false,
  push: null,
};
const UNKNOWN: SessionItem = { ...OTHER, browser: '', os: '', place: '', current: false };

describe('where the member is logged in', () => {
  it('lists each session: device as text, place, login and last use, "This device" on the current one', async () => {
    const fake = fakeFetch({ [ApiPath.sessions]: () => ok([THIS, OTHER, UNKNOWN]) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PasswordMenuPage);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(3));
    const rows = screen.getAllByTestId('session');
    expect(rows.map((row) => within(row).getByTestId('session-device').textContent)).toEqual([
      'Chrome · Android',
      'Safari · iPhone',
      'Unknown device',
    ]);
    expect(within(rows[0]).getByText('This device')).toBeTruthy();
    expect(within(rows[1]).queryByText('This device')).toBeNull();
    expect(within(rows[1]).getByTestId('session-detail').textContent).toBe(
      `From 198.51.100.* · Logged in ${formatDateTime(OTHER.createdAt)} · Last used ${formatDateTime(OTHER.lastUsedAt)}`,
    );
    expect(within(rows[2]).getByTestId('session-detail').textContent).toMatch(/^Address unknown · /);
    expect(fake.to(ApiPath.sessions)).toHaveLength(1);
  });

  it('logs out the other devices with the login password, after a confirmation, then shows the list again', async () => {
    let list = [THIS, OTHER];
    const fake = fakeFetch({
      [ApiPath.sessions]: () => ok(list),
      [ApiPath.endOtherSessions]: (call) => {
        if ((call.body as { password?: string }).password !== 'secret123') return refused(1003, 'Login password error');
        list = [THIS];
        return ok(null);
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PasswordMenuPage);
    const button = await screen.findByRole('button', { name: 'Log out the other devices' });
    // Nothing to send until the password is typed.
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const password = screen.getByLabelText('Your login password');

    // A wrong password: refused, said in the form, nobody logged out.
    fireEvent.change(password, { target: { value: 'wrong999' } });
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log them out' }));
    await waitFor(() => expect(fake.to(ApiPath.endOtherSessions)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Login password error'));
    expect(screen.getAllByTestId('session')).toHaveLength(2);

    fireEvent.change(password, { target: { value: 'secret123' } });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Log out the other devices?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.to(ApiPath.endOtherSessions)).toHaveLength(1);

    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log them out' }));
    await waitFor(() => expect(fake.to(ApiPath.endOtherSessions)).toHaveLength(2));
    expect(fake.to(ApiPath.endOtherSessions)[1].body).toMatchObject({ password: 'secret123' });
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toContain('The other devices are logged out');
    // With no other session left there is nothing to log out.
    expect(screen.queryByRole('button', { name: 'Log out the other devices' })).toBeNull();
  });

  it('alone on one device: no button; the list is the member’s own and goes at logout', async () => {
    const fake = fakeFetch({ [ApiPath.sessions]: () => ok([THIS]), [ApiPath.logout]: () => ok(null) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PasswordMenuPage);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Log out the other devices' })).toBeNull();
    await waitFor(async () => expect(await getQueryData(queryKey(ApiPath.sessions, {}))).toBeDefined());
    await logout();
    expect(await getQueryData(queryKey(ApiPath.sessions, {}))).toBeUndefined();
  });
});
