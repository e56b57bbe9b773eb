/**
 * Notifications a member asked for (issue 47), on SQLite and PostgreSQL: a device subscribes with
 * keys the test holds, to a local HTTPS push service the server is told to trust; a round the member
 * played is settled and the push is decrypted as the browser would (kind, language, net, page to
 * open), once per round; a decided withdrawal is told; a push service answering 410 ends the
 * subscription; a push service not on the operator's list is refused; logging out ends it.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { SessionItem } from '../../src/shared/api/types';
import { rejectWithdrawal } from '../../src/server/domain/wallet/operatorWithdrawals';
import { vapidKeyOf } from '../../src/server/domain/push/vapidKey';
import { drawCurrent, fundedMember, line, openRound, order, ROOM, GAME_OF_ROOM } from './support/game';
import { adminProgramAsync } from './support/admin';
import { startPushService, type Device, type PushService } from './support/pushService';
import { startServer, type TestServer } from './support/server';
import { addCard, PAY_PASSWORD, setSetting, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

const VAPID_SEED = randomBytes(32);
const VAPID = vapidKeyOf(VAPID_SEED, 'the test');
const GAME = GAME_OF_ROOM[ROOM.usdtStandard];

let service: PushService;
let server: TestServer;
beforeAll(async () => {
  service = await startPushService();
  server = await startServer({
    push: {
      settings: { key: VAPID, subject: 'mailto:test@roundplay.invalid', agent: service.agent },
      serviceHosts: [service.host],
    },
  });
  await setSetting(server, 'turnoverMultiple', '0');
});
afterAll(async () => {
  await server.close();
  await service.close();
});

const drained = () => server.app.pushNotifier!.drained();

/**
 * The operator's program as `npm run admin` starts it, with this server's notification settings
 * and the stand-in push service's certificate trusted (NODE_EXTRA_CA_CERTS); not awaited in a way
 * that blocks this process, which serves the push service.
 */
function adminProgram(argv: string[]) {
  return adminProgramAsync(
    {
      ...server.database.env,
      VAPID_KEY: VAPID_SEED.toString('hex'),
      VAPID_KEY_FILE: '',
      VAPID_SUBJECT: 'mailto:test@roundplay.invalid',
      PUSH_SERVICE_HOSTS: service.host,
      NODE_EXTRA_CA_CERTS: join(import.meta.dirname, 'fixtures/push-service/cert.pem'),
    },
    argv,
  );
}

/** `lang` as the app sends it (chs: Simplified Chinese). */
async function subscribe(token: string, device: Device, kinds: string[], lang = 'en') {
  const { endpoint, p256dh, auth } = device;
  return server.call<{ id: number }>(ApiPath.pushSubscribe, { token, lang, endpoint, p256dh, auth, kinds });
}

async function sessionsOf(token: string): Promise<SessionItem[]> {
  return (await server.call<SessionItem[]>(ApiPath.sessions, { token })).body.data;
}

/** The member's stake and award of a round, as settled. */
async function netOf(memberId: number, roundId: number): Promise<number> {
  const row = await server.deps.db
    .selectFrom('round_results')
    .select(['stake_cents', 'award_cents'])
    .where('member_id', '=', memberId)
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  return Number(row.award_cents) - Number(row.stake_cents);
}

describe('notifications a member asked for', () => {
  it("publishes the server's VAPID key", async () => {
    const answer = await server.call<{ publicKey: string }>(ApiPath.pushKey, {});
    expect(answer.body.data.publicKey).toBe(VAPID.publicKey);
    expect(Buffer.from(VAPID.publicKey, 'base64url')).toHaveLength(65);
  });

  it('tells the result of a round the member played, in their language, once, with the net and the room', async () => {
    const member = await fundedMember(server, 200);
    const device = service.device();
    const subscribed = await subscribe(member.token, device, ['result'], 'chs');
    expect(subscribed.body.code).toBe(1);
    const [current] = await sessionsOf(member.token);
    expect(current.push).toEqual({ id: subscribed.body.data.id, kinds: ['result'] });

    const round = await openRound(server, GAME);
    expect((await order(server, member.token, ROOM.usdtStandard, [line(0, 20), line(5, 30)])).body.code).toBe(1);
    await drawCurrent(server, GAME);
    await drained();
    const net = await netOf(member.id, round.id);
    const [push, ...more] = device.received();
    expect(more).toEqual([]);
    const verdict = net > 0 ? '赢' : net < 0 ? '输' : '持平';
    expect(push).toMatchObject({
      kind: 'result',
      lang: 'zh-CN',
      title: `第 ${round.seqno} 期：${verdict}`,
      url: `/activity/${ROOM.usdtStandard}`,
      tag: 'roundplay-result',
      net,
    });
    expect(push.body).toMatch(/^下注 50\.00 USD，派彩 [\d,.]+ USD，净 [+-]?[\d,.]+ USD。$/);
    // Signed by the server's VAPID key for that push service, and encrypted as RFC 8291 says.
    const sent = service.delivered.find((delivered) => device.endpoint.endsWith(delivered.path))!;
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(sent.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID.publicKey}$`),
    );
    expect(Number(sent.headers.ttl)).toBeGreaterThan(0);

    // The next rounds the member did not play tell nothing more.
    await drawCurrent(server, GAME);
    await drained();
    expect(device.received()).toHaveLength(1);
  });

  it('tells a withdrawal refused, only to devices that asked for withdrawals', async () => {
    const member = await walletMember(server, 300);
    const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const asked = service.device();
    expect((await subscribe(member.token, asked, ['withdrawal', 'result'])).body.code).toBe(1);
    const answer = await withdraw(server, member.token, { bank_id: card.id, money: 40, pwd: PAY_PASSWORD });
    expect(answer.body.code).toBe(1);
    const { id } = await server.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    // As the operator's command does: the news of the decision goes to the notifications too.
    await rejectWithdrawal({ ...server.deps, push: server.app.pushNotifier }, id, 'Address not verified');
    await drained();
    expect(asked.received()).toEqual([
      {
        kind: 'withdrawal',
        lang: 'en',
        title: 'Withdrawal refused',
        body: `40.00 USD was not paid out and is back in your balance (reference ${id}).`,
        url: '/withdraw',
        tag: 'roundplay-withdrawal',
        net: null,
      },
    ]);
  });

  it('tells a limit used in full once, and a cool-off that ended, to devices that asked', async () => {
    const member = await fundedMember(server, 200);
    const device = service.device();
    expect((await subscribe(member.token, device, ['limit', 'pause'])).body.code).toBe(1);
    const limit = await server.call(ApiPath.setPlayLimit, {
      token: member.token,
      period: 'day',
      kind: 'stake',
      money: 50,
    });
    expect(limit.body.code).toBe(1);
    await openRound(server, GAME);
    expect((await order(server, member.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
    await drained();
    expect(device.received()).toEqual([]);
    expect((await order(server, member.token, ROOM.usdtStandard, [line(1, 30)])).body.code).toBe(1);
    await drained();
    const [used, ...more] = device.received();
    expect(more).toEqual([]);
    expect(used).toMatchObject({
      kind: 'limit',
      lang: 'en',
      title: 'Daily stake limit reached',
      url: '/responsible_play',
      tag: 'roundplay-limit',
    });
    expect(used.body).toMatch(/^You have used all 50\.00 USD of it\. It starts again at .+\.$/);
    // Its round settled (a loss or a win changes nothing of the stakes): told once per period.
    await drawCurrent(server, GAME);
    await drained();
    expect(device.received().filter((push) => push.kind === 'limit')).toHaveLength(1);

    const pause = await server.call(ApiPath.pausePlay, { token: member.token, kind: 'cooloff', days: 1 });
    expect(pause.body.code).toBe(1);
    await server.tick();
    server.clock.advance(24 * 3600_000 + 1_000);
    await server.tick();
    await drained();
    expect(device.received().at(-1)).toMatchObject({
      kind: 'pause',
      title: 'Your cool-off has ended',
      body: 'Orders are open to you again; your limits still apply.',
      url: '/responsible_play',
    });
  });

  it("sends from the operator's commands too: a withdrawal approved, and push:test to each device", async () => {
    const member = await walletMember(server, 300);
    const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const device = service.device();
    expect((await subscribe(member.token, device, ['withdrawal'], 'vi')).body.code).toBe(1);
    expect((await withdraw(server, member.token, { bank_id: card.id, money: 25, pwd: PAY_PASSWORD })).body.code).toBe(
      1,
    );
    const { id } = await server.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const approved = await adminProgram(['withdraw:approve', String(id)]);
    expect(approved.status, approved.stderr).toBe(0);
    expect(device.received()).toMatchObject([
      { kind: 'withdrawal', lang: 'vi', title: 'Đã chi trả lệnh rút tiền', url: '/withdraw' },
    ]);
    expect(device.received()[0].body).toBe(`25,00 USD đã được chi trả (mã tham chiếu ${id}).`);

    const tested = await adminProgram(['push:test', member.username]);
    expect(tested.status, tested.stderr).toBe(0);
    expect(tested.stdout).toContain(
      `${member.username}: 1 device with notifications on; 1 took the test, 0 gone (removed), 0 failed.`,
    );
    expect(device.received().at(-1)).toMatchObject({ title: 'Thông báo đang hoạt động', url: '/user' });
  });

  it('ends a subscription its push service says is gone (410)', async () => {
    const member = await fundedMember(server, 100);
    const device = service.device();
    expect((await subscribe(member.token, device, ['result'])).body.code).toBe(1);
    service.answer(410);
    try {
      await openRound(server, GAME);
      expect((await order(server, member.token, ROOM.usdtStandard, [line(1, 20)])).body.code).toBe(1);
      await drawCurrent(server, GAME);
      await drained();
    } finally {
      service.answer(201);
    }
    expect(service.delivered.some((delivered) => device.endpoint.endsWith(delivered.path))).toBe(true);
    const [current] = await sessionsOf(member.token);
    expect(current.push).toBeNull();
  });

  it("refuses a push service not on the operator's list with 3019, and changes nothing", async () => {
    const member = await fundedMember(server, 10);
    const device = service.device();
    for (const endpoint of [
      'https://push.example.com/abc',
      device.endpoint.replace('https://', 'http://'),
      device.endpoint.replace('https://', 'https://user:pass@'),
      'not a url',
    ]) {
      const answer = await subscribe(member.token, { ...device, endpoint }, ['result']);
      expect(answer.body.code, endpoint).toBe(3019);
    }
    const bad = await subscribe(member.token, { ...device, p256dh: 'short' }, ['result']);
    expect(bad.body.code).not.toBe(1);
    const none = await subscribe(member.token, device, []);
    expect(none.body.code).not.toBe(1);
    const [current] = await sessionsOf(member.token);
    expect(current.push).toBeNull();
  });

  it('lists each session’s subscription and removes one; logging out ends the device’s', async () => {
    const member = await fundedMember(server, 10);
    const phone = service.device();
    const { id } = (await subscribe(member.token, phone, ['result', 'limit'])).body.data;
    const other = await server.call<{ token: string }>(ApiPath.login, {
      username: member.username,
      password: member.password,
    });
    const laptop = service.device();
    expect((await subscribe(other.body.data.token, laptop, ['withdrawal'])).body.code).toBe(1);
    const listed = await sessionsOf(member.token);
    expect(listed.map((session) => session.push?.kinds ?? null)).toEqual([['result', 'limit'], ['withdrawal']]);
    // Removed from the security page of the other device.
    expect((await server.call(ApiPath.pushUnsubscribe, { token: other.body.data.token, id })).body.code).toBe(1);
    expect((await sessionsOf(member.token))[0].push).toBeNull();
    // Logging out ends that device's notifications with its session.
    expect((await server.call(ApiPath.logout, { token: other.body.data.token })).body.code).toBe(1);
    const left = await server.deps.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(left).toEqual([]);
  });
});
