/**
 * The responsible-play page (/responsible_play): the limits with what is used and left of each in
 * their period and a looser one that waits, the pause, the reality check and the history; setting
 * a limit, pausing (after a confirmation) and the reality check's interval; offline from the cache
 * (stale) with writes refused; the member's read gone at logout. And the game room's reality check:
 * time played and net result, "Keep playing" or "Stop" (which leaves the room).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { PlayLimit, PlayLimitsAnswer } from '../../src/shared/api/types';
import PlayLimitsPage from '../../src/client/features/play/PlayLimitsPage';
import { useRealityCheck } from '../../src/client/features/game/useRealityCheck';
import { startSession } from '../../src/client/api/session';
import { logout } from '../../src/client/data';
import { online } from '../../src/client/api/stores';
import { currentOwner } from '../../src/client/data/stores';
import { queryKey } from '../../src/client/data/key';
import { getQueryData, setQueryData } from '../../src/client/data/sync';
import { formatDateTime, i18n } from '../../src/client/i18n';
import { DialogHost, Toaster } from '../../src/client/ui';
import { fakeFetch, ok, Providers, refused, resetClientState } from './helpers';
import { renderScreen } from './wallet-fixtures';

const HOUR = 3_600_000;
const RESET = 1_780_000_000_000;

function limitRow(patch: Partial<PlayLimit> & Pick<PlayLimit, 'period' | 'kind'>): PlayLimit {
  return { money: 0, used: 0, left: null, resetAt: RESET, next: null, ...patch };
}

function answer(patch: Partial<PlayLimitsAnswer> = {}): PlayLimitsAnswer {
  const limits = (['day', 'week', 'month'] as const).flatMap((period) =>
    (['stake', 'loss', 'deposit'] as const).map((kind) => limitRow({ period, kind })),
  );
  return { limits, pause: null, realityCheck: 30, history: [], serverTime: RESET - HOUR, ...patch };
}

const WITH_LIMITS = answer({
  limits: answer().limits.map((l) =>
    l.period === 'day' && l.kind === 'stake'
      ? { ...l, money: 100, used: 60, left: 40, next: { money: 250, at: RESET - 2 * HOUR } }
      : l.period === 'week' && l.kind === 'loss'
        ? { ...l, money: 500, used: 120.5, left: 379.5, next: { money: 0, at: RESET - 3 * HOUR } }
        : l,
  ),
  history: [
    {
      what: 'limit',
      at: RESET - 5 * HOUR,
      by: 'member',
      period: 'day',
      kind: 'stake',
      from: 100,
      to: 250,
      effectiveAt: RESET - 2 * HOUR,
    },
    { what: 'realityCheck', at: RESET - 6 * HOUR, by: 'member', minutes: 15 },
    {
      what: 'limit',
      at: RESET - 7 * HOUR,
      by: 'operator',
      period: 'week',
      kind: 'loss',
      from: 800,
      to: 500,
      effectiveAt: RESET - 7 * HOUR,
    },
  ],
});

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/responsible_play');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (period: string, kind: string) => screen.getByTestId(`limit-${period}-${kind}`);

describe('the responsible-play page', () => {
  it('shows each limit with what is used and left, a looser one that waits, and the changes', async () => {
    const fake = fakeFetch({ [ApiPath.playLimits]: () => ok(WITH_LIMITS) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    await waitFor(() =>
      expect(within(rowOf('day', 'stake')).getByTestId('limit-value').textContent).toBe('100.00 USD'),
    );
    expect(within(rowOf('day', 'stake')).getByTestId('limit-use').textContent).toBe('Used 60.00 · 40.00 left');
    expect(within(rowOf('day', 'stake')).getByTestId('limit-next').textContent).toBe(
      `250.00 USD from ${formatDateTime(RESET - 2 * HOUR)}`,
    );
    expect(within(rowOf('week', 'loss')).getByTestId('limit-next').textContent).toBe(
      `Removed from ${formatDateTime(RESET - 3 * HOUR)}`,
    );
    // The periods are the server's days: when they begin is said, in this device's time too.
    const midnightHere = new Date(Date.UTC(2026, 0, 1, 16)).toTimeString().slice(0, 5);
    expect(screen.getByTestId('limit-day-start').textContent).toBe(
      `Days, weeks and months count from 00:00 UTC+8 (${midnightHere} your time).`,
    );
    expect(within(rowOf('month', 'deposit')).getByTestId('limit-value').textContent).toBe('No limit');
    expect(within(rowOf('month', 'deposit')).getByTestId('limit-use').textContent).toBe('Used 0.00');
    expect(screen.getByRole('heading', { name: 'Take a break' })).toBeTruthy();
    expect(
      (screen.getByLabelText('In a game room, show my time played and net result') as HTMLSelectElement).value,
    ).toBe('30');
    expect(screen.getAllByTestId('play-change').map((li) => li.textContent)).toEqual([
      `${formatDateTime(RESET - 5 * HOUR)}Daily · Stakes: 100.00 USD → 250.00 USD, from ${formatDateTime(RESET - 2 * HOUR)}`,
      `${formatDateTime(RESET - 6 * HOUR)}Reality check every 15 minutes`,
      `${formatDateTime(RESET - 7 * HOUR)} · by customer serviceWeekly · Net loss: 800.00 USD → 500.00 USD, at once`,
    ]);
    expect(fake.to(ApiPath.playLimits)).toHaveLength(1);
  });

  it('says a pause in force and until when', async () => {
    const until = RESET + 6 * 24 * HOUR;
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.playLimits]: () => ok(answer({ pause: { kind: 'exclusion', until } })) }).fetch,
    );
    renderScreen(PlayLimitsPage);
    expect(await screen.findByRole('heading', { name: 'Play is paused' })).toBeTruthy();
    expect(screen.getByTestId('pause-state').textContent).toBe(
      `Self-exclusion until ${formatDateTime(until)}. Orders are refused until then; you can still log in, read your fund log and messages, and withdraw your balance.`,
    );
  });

  it('sets a limit and says when a looser one applies; the page reads again', async () => {
    let current = answer();
    const at = RESET - HOUR;
    const fake = fakeFetch({
      [ApiPath.playLimits]: () => ok(current),
      [ApiPath.setPlayLimit]: () => {
        const limit = limitRow({
          period: 'week',
          kind: 'deposit',
          money: 200,
          used: 0,
          left: 200,
          next: { money: 0, at },
        });
        current = answer({
          limits: current.limits.map((l) => (l.period === 'week' && l.kind === 'deposit' ? limit : l)),
        });
        return ok(limit);
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    await screen.findByRole('heading', { name: 'Set a limit' });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'week' } });
    fireEvent.change(screen.getByLabelText('Limit on'), { target: { value: 'deposit' } });
    fireEvent.change(screen.getByLabelText('Limit (USD)'), { target: { value: '1,200.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(fake.to(ApiPath.setPlayLimit)).toHaveLength(1));
    expect(fake.to(ApiPath.setPlayLimit)[0].body).toMatchObject({
      period: 'week',
      kind: 'deposit',
      money: '1200.5',
    });
    expect(await screen.findByText(`Saved: the new limit applies from ${formatDateTime(at)}`)).toBeTruthy();
    await waitFor(() =>
      expect(within(rowOf('week', 'deposit')).getByTestId('limit-value').textContent).toBe('200.00 USD'),
    );
    expect(fake.to(ApiPath.playLimits).length).toBeGreaterThanOrEqual(2);
  });

  it('says an amount that is not one under the field and sends nothing', async () => {
    const fake = fakeFetch({ [ApiPath.playLimits]: () => ok(answer()) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    await screen.findByRole('heading', { name: 'Set a limit' });
    fireEvent.change(screen.getByLabelText('Limit (USD)'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong amount');
    expect(fake.to(ApiPath.setPlayLimit)).toHaveLength(0);
  });

  it('pauses play only after a confirmation that says it cannot be ended early', async () => {
    const until = Date.now() + 7 * 24 * HOUR;
    const fake = fakeFetch({
      [ApiPath.playLimits]: () => ok(answer()),
      [ApiPath.pausePlay]: () => ok({ kind: 'cooloff', until }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    await screen.findByRole('heading', { name: 'Take a break' });
    const pause = screen.getByTestId('pause');
    fireEvent.change(within(pause).getByLabelText('Pause'), { target: { value: 'cooloff:7' } });

    fireEvent.click(within(pause).getByRole('button', { name: 'Pause play' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/Neither you nor customer service can end it early/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.to(ApiPath.pausePlay)).toHaveLength(0);

    fireEvent.click(within(pause).getByRole('button', { name: 'Pause play' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause play' }));
    await waitFor(() => expect(fake.to(ApiPath.pausePlay)).toHaveLength(1));
    expect(fake.to(ApiPath.pausePlay)[0].body).toMatchObject({ kind: 'cooloff', days: 7 });
    expect(await screen.findByText(`Play is paused until ${formatDateTime(until)}`)).toBeTruthy();
  });

  it('during a 24-hour cool-off, "Pause for longer" offers only longer pauses, starting at 7 days', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.playLimits]: () => ok(answer({ pause: { kind: 'cooloff', until: Date.now() + 24 * HOUR } })),
      }).fetch,
    );
    renderScreen(PlayLimitsPage);
    await screen.findByRole('heading', { name: 'Play is paused' });
    const field = within(screen.getByTestId('pause')).getByLabelText('Pause for longer') as HTMLSelectElement;
    expect(field.value).toBe('cooloff:7');
    expect([...field.options].map((option) => option.value)).not.toContain('cooloff:1');
  });

  it('shows the server refusing a shorter pause in its words', async () => {
    const fake = fakeFetch({
      [ApiPath.playLimits]: () => ok(answer()),
      [ApiPath.pausePlay]: () => refused(3016, 'You are taking a break from play until later.'),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause play' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause play' }));
    expect(await screen.findByText('You are taking a break from play until later.')).toBeTruthy();
  });

  it('saves the reality check as soon as it is chosen', async () => {
    const fake = fakeFetch({
      [ApiPath.playLimits]: () => ok(answer()),
      [ApiPath.setRealityCheck]: (call) => ok({ minutes: call.body.minutes }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    const select = await screen.findByLabelText('In a game room, show my time played and net result');
    fireEvent.change(select, { target: { value: '0' } });
    await waitFor(() => expect(fake.to(ApiPath.setRealityCheck)).toHaveLength(1));
    expect(fake.to(ApiPath.setRealityCheck)[0].body).toMatchObject({ minutes: 0 });
    expect(await screen.findByText('Reality check saved')).toBeTruthy();
  });

  it('offline, shows the cached limits marked stale and refuses a change, sending nothing', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData(queryKey(ApiPath.playLimits, {}), WITH_LIMITS, Date.now() - HOUR);
    online.browserChanged(false);
    renderScreen(PlayLimitsPage);
    await waitFor(() =>
      expect(within(rowOf('day', 'stake')).getByTestId('limit-value').textContent).toBe('100.00 USD'),
    );
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    fireEvent.change(screen.getByLabelText('Limit (USD)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(/offline/i)).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  it("keeps the member's read in the cache until logout", async () => {
    const fake = fakeFetch({ [ApiPath.playLimits]: () => ok(WITH_LIMITS), [ApiPath.logout]: () => ok(null) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PlayLimitsPage);
    await waitFor(async () => expect(await getQueryData(queryKey(ApiPath.playLimits, {}))).toBeDefined());
    await logout();
    expect(await getQueryData(queryKey(ApiPath.playLimits, {}))).toBeUndefined();
  });
});

/** A room that only runs the reality check, with the app's toasts and dialogs. */
function Room() {
  useRealityCheck(0);
  return null;
}

function renderRoom() {
  return render(
    <Providers>
      <Room />
      <Toaster />
      <DialogHost />
    </Providers>,
  );
}

/** A play session of this member that started `minutes` ago and was never checked. */
function sessionStartedAgo(minutes: number) {
  const startedAt = Date.now() - minutes * 60_000;
  sessionStorage.setItem(
    'playSession',
    JSON.stringify({ owner: currentOwner(), startedAt, checkedAt: startedAt, seenAt: Date.now() }),
  );
  return startedAt;
}

describe("the game room's reality check", () => {
  it('after the chosen minutes says the time played and the net result; "Keep playing" stays', async () => {
    const startedAt = sessionStartedAgo(16);
    window.history.replaceState(null, '', '/activity/1');
    const fake = fakeFetch({
      [ApiPath.playLimits]: (call) =>
        ok(
          answer({
            realityCheck: 15,
            ...(call.body.since ? { session: { since: Number(call.body.since), net: -12.5 } } : {}),
          }),
        ),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog.textContent).toMatch('You have played for 16 min in this session. Your net result: -12.50 USD.');
    expect(fake.calls.some((call) => call.body.since === startedAt)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/activity/1');
    const session = JSON.parse(sessionStorage.getItem('playSession') ?? 'null') as {
      startedAt: number;
      checkedAt: number;
    };
    expect(session.startedAt).toBe(startedAt);
    expect(session.checkedAt).toBeGreaterThan(startedAt);
  });

  it('"Stop" leaves the room and ends the session', async () => {
    sessionStartedAgo(75);
    window.history.replaceState(null, '', '/activity/1');
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.playLimits]: (call) =>
          ok(answer({ realityCheck: 60, ...(call.body.since ? { session: { since: 1, net: 30 } } : {}) })),
      }).fetch,
    );
    renderRoom();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog.textContent).toMatch('You have played for 1 h 15 min in this session. Your net result: 30.00 USD.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('playSession')).toBeNull();
  });

  it('"Stop" still leaves the room when the app re-rendered with new words while the check was open; one check at a time', async () => {
    sessionStartedAgo(20);
    window.history.replaceState(null, '', '/activity/1');
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.playLimits]: (call) =>
          ok(answer({ realityCheck: 15, ...(call.body.since ? { session: { since: 1, net: -5 } } : {}) })),
      }).fetch,
    );
    renderRoom();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    // A catalogue loaded meanwhile (as the app does for the words the server says): the room re-renders.
    act(() => i18n.load('en', { extra: 'extra' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('playSession')).toBeNull();
  });

  it('is not shown when the member turned it off, nor before the choice is read', async () => {
    sessionStartedAgo(120);
    // A slow answer: nothing is shown while the member's choice is not known yet either.
    const fake = fakeFetch({
      [ApiPath.playLimits]: () =>
        new Promise((resolve) => setTimeout(() => resolve(ok(answer({ realityCheck: 0 }))), 80)),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRoom();
    await waitFor(async () => expect(await getQueryData(queryKey(ApiPath.playLimits, {}))).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls.filter((call) => call.body.since !== undefined)).toHaveLength(0);
  });
});
