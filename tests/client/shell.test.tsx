import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { KeepAliveOutlet } from '../../src/client/app/KeepAliveOutlet';
import { ROUTES } from '../../src/client/app/routes';
import { clearSession, startSession } from '../../src/client/api/session';
import { Providers, resetClientState } from './helpers';

const SPEC_ROUTES = [
  '/',
  '/languageSet',
  '/info/:id',
  '/finance',
  '/productorder',
  '/productrule',
  '/productdetail',
  '/producttransferin',
  '/help/list',
  '/help/:id',
  '/ServicePage',
  '/recharge/:back?',
  '/lotteryprize',
  '/user',
  '/my_income',
  '/withdraw',
  '/message',
  '/my_password',
  '/banklist',
  '/bankadd',
  '/my_set',
  '/my_update',
  '/login',
  '/register',
  '/userloginpassword',
  '/usercipherpassword',
  '/activity/:id',
  '/room_list/:type',
  '/current/:id',
];

/**
 * Additions of ours: the fairness proof of a past round (DESIGN.md section 3), auth like its room;
 * the forgotten-password page, public like log in.
 */
const ADDED_ROUTES = ['/fairness/:roomid/:seqno', '/forgot_password', '/responsible_play', '/ledger'];

function renderOutlet() {
  return render(
    <Providers>
      <KeepAliveOutlet />
    </Providers>,
  );
}

async function go(path: string) {
  await act(async () => navigate(path));
}

beforeEach(async () => {
  await resetClientState();
});

describe('routes table', () => {
  it('registers every route of SPEC.md section 2, plus our additions', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...SPEC_ROUTES, ...ADDED_ROUTES].sort());
  });

  it('marks login, register, forgot password and the game room as not kept alive, and private pages as auth', () => {
    const notKept = ROUTES.filter((route) => route.keepAlive === false).map((route) => route.path);
    expect(notKept.sort()).toEqual(['/activity/:id', '/forgot_password', '/login', '/register']);
    const auth = ROUTES.filter((route) => route.auth).map((route) => route.path);
    expect(auth).toEqual(
      expect.arrayContaining([
        '/user',
        '/my_income',
        '/withdraw',
        '/message',
        '/my_password',
        '/banklist',
        '/bankadd',
        '/my_set',
        '/userloginpassword',
        '/usercipherpassword',
        '/activity/:id',
        '/room_list/:type',
        '/current/:id',
        '/fairness/:roomid/:seqno',
        '/responsible_play',
        '/ledger',
      ]),
    );
    expect(auth).not.toContain('/my_update');
  });
});

describe('keep-alive outlet', () => {
  it('redirects auth routes to /login without a token', async () => {
    window.history.replaceState(null, '', '/user');
    renderOutlet();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('a kept-alive page keeps what was typed when the member goes away and comes back', async () => {
    startSession('token');
    window.history.replaceState(null, '', '/userloginpassword');
    renderOutlet();
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'typed-before' } });

    await go('/my_set');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    // The hidden page is out of the accessibility tree.
    expect(screen.queryByRole('heading', { name: 'Login password' })).toBeNull();

    await go('/userloginpassword');
    expect(((await screen.findByLabelText('Current password')) as HTMLInputElement).value).toBe('typed-before');
  });

  it('login is not kept alive: coming back starts a fresh form', async () => {
    window.history.replaceState(null, '', '/login');
    renderOutlet();
    fireEvent.change(await screen.findByLabelText('Account'), { target: { value: 'someone1' } });
    await go('/languageSet');
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeTruthy();
    await go('/login');
    expect(((await screen.findByLabelText('Account')) as HTMLInputElement).value).toBe('');
  });

  it('restores the window scroll position of a kept page', async () => {
    window.history.replaceState(null, '', '/my_update');
    renderOutlet();
    await screen.findByRole('heading', { name: 'App version' });
    await act(async () => {
      window.scrollTo(0, 240);
      window.dispatchEvent(new Event('scroll'));
    });
    await go('/languageSet');
    await screen.findByRole('heading', { name: 'Language' });
    // The DOM's own scroll events come a task later: the state is waited for, not a turn of events.
    await waitFor(() => expect(window.scrollY).toBe(0));
    await go('/my_update');
    await screen.findByRole('heading', { name: 'App version' });
    await waitFor(() => expect(window.scrollY).toBe(240));
  });

  it('drops private kept pages at logout', async () => {
    startSession('token');
    window.history.replaceState(null, '', '/userloginpassword');
    renderOutlet();
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'secret-typed' } });
    await go('/languageSet');
    await screen.findByRole('heading', { name: 'Language' });
    await act(async () => clearSession());
    startSession('token-2');
    await go('/userloginpassword');
    expect(((await screen.findByLabelText('Current password')) as HTMLInputElement).value).toBe('');
  });

  it('a screen with nothing to list shows a titled empty state, never made-up rows', async () => {
    window.history.replaceState(null, '', '/productorder');
    renderOutlet();
    expect(await screen.findByRole('heading', { name: 'My holdings' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No holdings' })).toBeTruthy();
  });

  it('unknown paths get a not-found page', async () => {
    window.history.replaceState(null, '', '/nowhere');
    renderOutlet();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
