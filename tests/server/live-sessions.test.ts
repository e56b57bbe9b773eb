/**
 * A session's end ends the live streams it opened, over real HTTP, on SQLite and PostgreSQL:
 * logout, ending the other sessions, a password change (the others end; this one stays), a reset
 * by the operator, a freeze, and a session run out by idleness. A credit made afterwards reaches
 * no stream of the ended session; a stream of a session that stays goes on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { SESSION_IDLE_MS } from '../../src/server/domain/accounts/sessions';
import { adminOf } from './support/admin';
import { fundedMember, GAME_OF_ROOM, openRound, ROOM, type Player } from './support/game';
import { memberStream, roomStream, type LiveStream } from './support/live';
import { startServer, type TestServer } from './support/server';

const USDT_GAME = GAME_OF_ROOM[ROOM.usdtStandard];

let server: TestServer;
const open: LiveStream[] = [];
const admin = adminOf(() => server);

beforeAll(async () => {
  server = await startServer({ live: { hub: { heartbeatMs: 200, sessionCheckMs: 50 } } }, { http: true });
  await openRound(server, USDT_GAME, 45);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});
afterAll(() => server.close());

async function following(token: string): Promise<LiveStream> {
  const stream = await memberStream(server, token);
  open.push(stream);
  await stream.next((event) => event.data.type === 'snapshot');
  return stream;
}

/** Another session of the member (a second device). */
async function secondDevice(member: Player): Promise<string> {
  const answer = await server.call<{ token: string }>(ApiPath.login, {
    username: member.username,
    password: member.password,
    lang: 'en',
  });
  return answer.body.data.token;
}

/** An operator's credit of 1.23, told to the member's streams (the server takes in what the command published). */
async function credit(member: Player): Promise<void> {
  expect((await admin('credit', member.username, '1.23', '--ref', 'after the end')).code).toBe(0);
  await server.app.liveBus.catchUp();
}

/** After a session's end: its stream ends, and a credit made then is not told to it. */
async function endsAndHearsNothingMore(stream: LiveStream, member: Player): Promise<void> {
  await stream.untilEnded(60_000);
  await credit(member);
  expect(stream.events.filter((event) => event.data.type === 'balance')).toEqual([]);
}

describe("a session's end ends its streams", () => {
  it('logout: the member stream and a room stream of that session end; another device’s stream goes on', async () => {
    const member = await fundedMember(server, 100);
    const other = await secondDevice(member);
    const mine = await following(member.token);
    const room = await roomStream(server, member.token, ROOM.usdtStandard);
    open.push(room);
    const theirs = await following(other);
    expect((await server.call(ApiPath.logout, { token: member.token, lang: 'en' })).body.code).toBe(1);
    await room.untilEnded(60_000);
    await endsAndHearsNothingMore(mine, member);
    // The other device's stream is told of that credit.
    await theirs.next((event) => event.data.type === 'balance' && event.data.change === 1.23, 60_000);
    expect(theirs.ended).toBe(false);
  });

  it('ending the other sessions (with the login password) ends their streams, not this one’s', async () => {
    const member = await fundedMember(server, 100);
    const phone = await secondDevice(member);
    const stolen = await following(member.token);
    const mine = await following(phone);
    const ended = await server.call(ApiPath.endOtherSessions, { token: phone, password: member.password, lang: 'en' });
    expect(ended.body.code).toBe(1);
    await endsAndHearsNothingMore(stolen, member);
    await mine.next((event) => event.data.type === 'balance' && event.data.change === 1.23, 60_000);
  });

  it('a login password change ends the other sessions’ streams', async () => {
    const member = await fundedMember(server, 100);
    const phone = await secondDevice(member);
    const stolen = await following(member.token);
    const mine = await following(phone);
    const changed = await server.call(ApiPath.changeLoginPassword, {
      token: phone,
      passwd: member.password,
      npasswd: 'another123',
      lang: 'en',
    });
    expect(changed.body.code).toBe(1);
    await endsAndHearsNothingMore(stolen, member);
    expect(mine.ended).toBe(false);
  });

  it("the operator's password reset and a freeze end every stream of the member", async () => {
    const reset = await fundedMember(server, 100);
    const resetStream = await following(reset.token);
    expect((await admin.withInput('another123\n')('member:password', reset.username)).code).toBe(0);
    // The operator's command is another process: the server takes in what it published.
    await server.app.liveBus.catchUp();
    await endsAndHearsNothingMore(resetStream, reset);

    const frozen = await fundedMember(server, 100);
    const frozenStream = await following(frozen.token);
    expect((await admin('member:freeze', frozen.username)).code).toBe(0);
    await server.app.liveBus.catchUp();
    await endsAndHearsNothingMore(frozenStream, frozen);
  });

  it('a session run out by idleness ends its streams, without any request', async () => {
    const member = await fundedMember(server, 100);
    const stream = await following(member.token);
    server.clock.advance(SESSION_IDLE_MS + 1);
    await endsAndHearsNothingMore(stream, member);
  });
});
