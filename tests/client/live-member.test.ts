import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { UserInfo } from '../../src/shared/api/types';
import { startSession } from '../../src/client/api/session';
import { getQueryData, setQueryData } from '../../src/client/data/sync';
import { queryKey, windowedKey } from '../../src/client/data/key';
import { endSession } from '../../src/client/data/session';
import { LiveStreams } from '../../src/client/data/live/liveStreams';
import { appQueries } from '../../src/client/data/stores';
import { fakeFetch, ok, resetClientState } from './helpers';
import { USER } from './game-fixtures';
import { FakeStreams } from './live-fake';

const PROFILE = queryKey(ApiPath.userInfo, {});
const FUND_LOG = windowedKey(ApiPath.financeFlow);

let streams: FakeStreams;
let live: LiveStreams;
let server: ReturnType<typeof fakeFetch>;

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(PROFILE, USER);
  streams = new FakeStreams();
  live = new LiveStreams(streams.transport);
  let ticket = 0;
  server = fakeFetch({ [ApiPath.liveTicket]: () => ok({ ticket: `t${++ticket}`, expiresIn: 30 }) });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => live.stop());

const opened = (count: number) =>
  vi.waitFor(
    () => {
      if (streams.opened.length < count) throw new Error(`${streams.opened.length} streams`);
      return streams.opened[count - 1];
    },
    { timeout: 4_000 },
  );

/** What the database holds (not this page's copy). */
async function stored<T>(key: typeof PROFILE) {
  await appQueries.forgetVisit();
  return (await getQueryData<T>(key))?.data;
}

describe("the member's stream", () => {
  it('writes the balance it tells into the profile, and the fund log is no longer confirmed', async () => {
    await setQueryData(FUND_LOG, { items: [], newest: 0 });
    live.followMember();
    const stream = await opened(1);
    expect(stream.url).toContain('/api/live/member?');
    // The ticket is asked for by the session's cookie: no token is in the app to send.
    expect(server.to(ApiPath.liveTicket)).toHaveLength(1);
    expect(server.to(ApiPath.liveTicket)[0].body).not.toHaveProperty('token');
    expect(stream.url).not.toContain('token');
    stream.send({ type: 'balance', balance: 1234.5, change: 234.5, reason: 'award', time: 1_700_000_000 });
    await vi.waitFor(async () => expect((await getQueryData<UserInfo>(PROFILE))?.data.money).toBe(1234.5));
    expect(appQueries.client.getQueryState(FUND_LOG)?.isInvalidated).toBe(true);
    expect((await stored<UserInfo>(PROFILE))?.money).toBe(1234.5);
  });

  it('drops an event that does not fit the schema', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    live.followMember();
    const stream = await opened(1);
    stream.send({ type: 'balance', balance: 'lots', change: 1, reason: 'award', time: 1 });
    stream.send({ type: 'balance', balance: 5, change: 1, reason: 'gift', time: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stored<UserInfo>(PROFILE))?.money).toBe(USER.money);
  });

  it('asks a new ticket for every reconnect and resumes after the last event', async () => {
    live.followMember();
    const first = await opened(1);
    first.send({ type: 'snapshot', balance: USER.money, serverTime: 1 }, 70);
    first.end();
    const second = await opened(2);
    expect(first.params.get('ticket')).toBe('t1');
    expect(second.params.get('ticket')).toBe('t2');
    expect(second.params.get('lastEventId')).toBe('70');
    expect(server.to(ApiPath.liveTicket)).toHaveLength(2);
  });

  it('closes at logout, keeps nothing it is told after, and opens for the next session', async () => {
    live.followMember();
    const stream = await opened(1);
    await endSession();
    expect(stream.closed).toBe(true);
    stream.send({ type: 'balance', balance: 77, change: 1, reason: 'award', time: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(streams.opened).toHaveLength(1);
    expect(await stored<UserInfo>(PROFILE)).toBeUndefined();

    startSession('next');
    const next = await opened(2);
    expect(next.closed).toBe(false);
    expect(server.to(ApiPath.liveTicket)).toHaveLength(2);
  });
});
