import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode } from '../../src/shared/errors';
import { startSession } from '../../src/client/api/session';
import { getQueryData, setQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';
import { LiveStreams } from '../../src/client/data/live/liveStreams';
import { appQueries } from '../../src/client/data/stores';
import { gameInfoQuery, type TimedGameInfo } from '../../src/client/features/game/gameApi';
import type { LiveTable } from '../../src/client/features/game/liveRoom';
import { liveTableKey, roomEventWriter } from '../../src/client/features/game/roomStream';
import { fakeFetch, ok, resetClientState } from './helpers';
import { gameInfo, renderRoom, USER } from './game-fixtures';
import { FakeStreams } from './live-fake';

const ROOMID = 5;
const INFO_KEY = gameInfoQuery(ROOMID).key;

let streams: FakeStreams;
let live: LiveStreams;

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
  streams = new FakeStreams();
  live = new LiveStreams(streams.transport);
});
afterEach(() => live.stop());

const line = (id: number, seqno: string, money = 20) => ({
  id,
  username: `ab***${id}`,
  value: 1,
  rate: 1.96,
  money,
  seqno,
  time: 1_700_000_000,
});

/** The round row and the table row as the database holds them (not this page's copy). */
async function storedRows() {
  await appQueries.forgetVisit();
  return {
    info: (await getQueryData<TimedGameInfo>(INFO_KEY))?.data,
    table: (await getQueryData<LiveTable>(liveTableKey(ROOMID)))?.data,
  };
}

describe("a room's events, written through the cache", () => {
  it('add order lines to the live table once and the stakes to the round; a draw and the next round rewrite the round', async () => {
    const info = gameInfo({});
    const seqno = info.game.seqno;
    await setQueryData(INFO_KEY, { info, offset: 0 });
    const write = roomEventWriter(ROOMID);
    const orders = {
      type: 'orders',
      roomid: ROOMID,
      roundId: info.game.id,
      lines: [line(11, seqno), line(12, seqno, 5)],
    };
    await write(orders);
    await write(orders);

    let stored = await storedRows();
    expect(stored.table?.lines.map((l) => l.id)).toEqual([11, 12]);
    expect(stored.info?.info.game.initmoney).toBe(25);

    await write({ type: 'orders.cancelled', roomid: ROOMID, roundId: info.game.id, ids: [11] });
    await write({
      type: 'round.drawn',
      gameid: 15,
      gametype: 15,
      round: { id: info.game.id, seqno, num1: 1, num2: 2, num3: 3, sum: 6, results: [1, 3], seed: 'ff', drawnAt: 1 },
    });
    stored = await storedRows();
    expect(stored.table?.lines.map((l) => l.id)).toEqual([12]);
    expect(stored.info?.info.game).toMatchObject({ status: 'drawn', sum: 6, results: [1, 3], seed: 'ff' });
    expect(stored.info?.info.his[0]).toMatchObject({ id: info.game.id, sum: 6 });
    expect(stored.info?.info.his).toHaveLength(info.his.length);

    const next = { id: info.game.id + 1, seqno: '20261122-0008', openAt: 1, closeAt: 2, drawAt: 3, commitment: 'cc' };
    await write({ type: 'round.opened', gameid: 15, gametype: 15, round: next });
    stored = await storedRows();
    const { openAt, ...shown } = next;
    void openAt;
    expect(stored.info?.info.game).toMatchObject({ ...shown, status: 'open', initmoney: 0, seed: null, sum: null });
  });

  it('a round opened before the room has its round row is kept: it applies on top of the first answer, even an older one', async () => {
    // The room's first read was asked before the next round opened: it answers the round before.
    const info = gameInfo({});
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.gameInfo]: async () => {
          await answered;
          return ok(info);
        },
      }).fetch,
    );
    const write = roomEventWriter(ROOMID);
    const next = { id: info.game.id + 1, seqno: '20261122-0008', openAt: 1, closeAt: 2, drawAt: 3, commitment: 'cc' };
    const written = write({ type: 'round.opened', gameid: 15, gametype: 15, round: next });
    answer();
    await written;
    const stored = await storedRows();
    expect(stored.info?.info.game).toMatchObject({ id: next.id, seqno: next.seqno, status: 'open' });
  });

  it('drops an event that does not fit the schema, and logs it in development', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = gameInfo({});
    await setQueryData(INFO_KEY, { info, offset: 0 });
    const write = roomEventWriter(ROOMID);
    await write({
      type: 'orders',
      roomid: ROOMID,
      roundId: info.game.id,
      lines: [{ ...line(11, info.game.seqno), money: 'x' }],
    });
    await write({ type: 'round.opened', gameid: 15, gametype: 15, round: { id: 999 } });

    const stored = await storedRows();
    expect(stored.table).toBeUndefined();
    expect(stored.info?.info.game.id).toBe(info.game.id);
    expect(warn.mock.calls.filter(([first]) => first === '[live] room event dropped')).toHaveLength(2);
  });
});

function roomServer() {
  const info = gameInfo({});
  let ticket = 0;
  const server = fakeFetch({
    [ApiPath.gameInfo]: () => ok(info),
    [ApiPath.userInfo]: () => ok(USER),
    [ApiPath.liveTicket]: () => ok({ ticket: `t${++ticket}`, expiresIn: 30 }),
    [ApiPath.vorder]: () => ok({ list: [], order_id: 0 }),
  });
  vi.stubGlobal('fetch', server.fetch);
  return { info, server };
}

const indicator = () => screen.getByTestId('live-indicator');
const liveFeedCalls = (server: ReturnType<typeof fakeFetch>) =>
  server.to(ApiPath.vorder).filter((call) => call.body.isfirst === 1);

/** Opens the room and waits for the room stream it opens. */
async function renderRoomOnStream() {
  renderRoom(`/activity/${ROOMID}`, live);
  await screen.findByTestId('round-seqno');
  return vi.waitFor(() => {
    const stream = streams.opened.find((s) => s.url.includes(`/api/live/room/${ROOMID}`));
    if (!stream) throw new Error('no room stream');
    return stream;
  });
}

/** Opens the room, waits for its stream and has it tell the open round with one order line (21). */
async function roomOnItsStream(info: ReturnType<typeof gameInfo>) {
  const roomStream = await renderRoomOnStream();
  const seqno = info.game.seqno;
  const { seed, ...round } = { ...info.game };
  void seed;
  roomStream.send({
    type: 'snapshot',
    roomid: ROOMID,
    gameid: 15,
    gametype: 15,
    round: {
      id: round.id,
      seqno,
      openAt: 0,
      closeAt: round.closeAt,
      drawAt: round.drawAt,
      commitment: round.commitment,
      status: 'open',
    },
    last: null,
    lines: [line(21, seqno)],
    serverTime: Date.now(),
  });
  return { roomStream, seqno, round };
}

describe('the room on its stream', () => {
  it('shows the streamed orders and reads Live without polling the live table', async () => {
    const { info, server } = roomServer();
    const { roomStream, seqno, round } = await roomOnItsStream(info);
    await waitFor(() => expect(indicator().textContent).toBe('Live'));
    const table = screen.getByTestId('live-orders');
    await waitFor(() => expect(within(table).getByText('ab***21')).toBeTruthy());
    roomStream.send({ type: 'orders', roomid: ROOMID, roundId: round.id, lines: [line(22, seqno)] });
    await waitFor(() => expect(within(table).getByText('ab***22')).toBeTruthy());
    expect(liveFeedCalls(server)).toHaveLength(0);
  });

  it('offline, the table the stream told stays and says since when; back online the stream takes over again', async () => {
    const { info } = roomServer();
    await roomOnItsStream(info);
    await waitFor(() => expect(indicator().textContent).toBe('Live'));
    const table = screen.getByTestId('live-orders');
    await waitFor(() => expect(within(table).getByText('ab***21')).toBeTruthy());
    expect(within(table).queryByTestId('stale-badge')).toBeNull();

    void act(() => window.dispatchEvent(new Event('offline')));
    await waitFor(() => expect(indicator().textContent).toBe('Offline'));
    await waitFor(() =>
      expect(within(table).getByTestId('stale-badge').textContent).toMatch(/^Stale since \d\d\/\d\d\/\d{4}, \d\d:\d\d/),
    );
    expect(within(table).getByText('ab***21')).toBeTruthy();

    void act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(table).queryByTestId('stale-badge')).toBeNull());
  });

  it('an empty table the stream has not told yet says it is loading, not that there are no orders; offline before then, that it cannot be loaded', async () => {
    const { info } = roomServer();
    const roomStream = await renderRoomOnStream();
    const table = screen.getByTestId('live-orders');
    expect(indicator().textContent).not.toBe('Live');
    expect(within(table).getByText('Loading…')).toBeTruthy();
    expect(within(table).queryByText('No orders in this round yet.')).toBeNull();

    void act(() => window.dispatchEvent(new Event('offline')));
    await waitFor(() => expect(within(table).getByText('Live orders cannot be loaded right now.')).toBeTruthy());
    void act(() => window.dispatchEvent(new Event('online')));

    // Back online a new stream opens; its snapshot tells a round without orders.
    const { id, seqno, closeAt, drawAt, commitment } = info.game;
    await vi.waitFor(() => expect(streams.opened.filter((s) => !s.closed)).toHaveLength(2));
    const reopened = streams.opened.filter((s) => !s.closed && s !== roomStream && s.url.includes('/room/')).at(-1)!;
    reopened.send({
      type: 'snapshot',
      roomid: ROOMID,
      gameid: 15,
      gametype: 15,
      round: { id, seqno, openAt: 0, closeAt, drawAt, commitment, status: 'open' },
      last: null,
      lines: [],
      serverTime: Date.now(),
    });
    await waitFor(() => expect(within(table).getByText('No orders in this round yet.')).toBeTruthy());
    expect(within(table).queryByText('Loading…')).toBeNull();
  });

  it('polls the live table as before when the stream is refused for too many streams (3017), and reads so', async () => {
    const { server } = roomServer();
    const roomStream = await renderRoomOnStream();
    expect(liveFeedCalls(server)).toHaveLength(0);
    roomStream.refuse(429, ErrorCode.TooManyStreams);
    await waitFor(() => expect(indicator().textContent).toBe('Refreshing every 10 s'));
    await waitFor(() => expect(liveFeedCalls(server).length).toBeGreaterThan(0));
  });
});
