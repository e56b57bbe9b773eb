/**
 * Fuzzing every path of the accounts, the round engine and the public content with random JSON bodies (and random
 * tokens): no answer is ever a 500, every answer is a well-formed envelope.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { loginDemo } from './support/members';
import { startServer, type TestServer } from './support/server';

const PATHS = [
  ApiPath.getConfig,
  ApiPath.smsSend,
  ApiPath.register,
  ApiPath.login,
  ApiPath.changeLoginPassword,
  ApiPath.changePayPassword,
  ApiPath.userInfo,
  ApiPath.logout,
  ApiPath.gameList,
  ApiPath.roomList,
  ApiPath.gameInfo,
  ApiPath.vorder,
  ApiPath.order,
  ApiPath.gameCancel,
  ApiPath.current,
  ApiPath.gameLog,
  ApiPath.todayWinLost,
  ApiPath.trendData,
  ApiPath.slide,
  ApiPath.oneClassArticle,
  ApiPath.articleList,
  ApiPath.articleDetail,
  ApiPath.winners,
  ApiPath.financeProducts,
  ApiPath.playLimits,
  ApiPath.setPlayLimit,
  ApiPath.pausePlay,
  ApiPath.setRealityCheck,
  '/api/Index/unknown',
];

const FIELDS = [
  'lang',
  'token',
  'quhao',
  'mobile',
  'username',
  'password',
  'spassword',
  'phone',
  'captcha',
  'invitation',
  'payPwd',
  'passwd',
  'npasswd',
  'srcpwd',
  'newpwd',
  'newpwd2',
  'roomtype',
  'roomid',
  'gameid',
  'order_info',
  'order_id',
  'gameseq',
  'gametype',
  'isfirst',
  'idempotencyKey',
  'before',
  'limit',
  'type',
  'id',
  'period',
  'kind',
  'money',
  'days',
  'minutes',
  'since',
];

let server: TestServer;
let demoToken: string;
beforeAll(async () => {
  server = await startServer({}, { http: true });
  demoToken = await loginDemo(server);
});
afterAll(() => server.close());

function assertEnvelope(status: number, body: unknown): void {
  expect(status).not.toBe(500);
  expect([200, 404]).toContain(status);
  expect(body).toBeTypeOf('object');
  const envelope = body as Record<string, unknown>;
  expect(Object.keys(envelope).sort()).toEqual(['code', 'data', 'info']);
  expect(Number.isInteger(envelope.code)).toBe(true);
  expect(envelope.info).toBeTypeOf('string');
  // An unexpected fault would answer 2002: none of these inputs may reach one.
  expect(envelope.code).not.toBe(2002);
}

/** Bodies shaped like the contract's, with wrong types, odd strings and extra keys. */
const contractish = fc.dictionary(
  fc.constantFrom(...FIELDS),
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.object({ maxDepth: 1 }),
  ),
  { maxKeys: 8 },
);

describe('fuzzed bodies', () => {
  it('random JSON values to every path answer an envelope, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), fc.jsonValue({ maxDepth: 3 }), async (path, value) => {
        const { status, body } = await server.call(path, JSON.stringify(value));
        assertEnvelope(status, body);
      }),
      { numRuns: 150 },
    );
  });

  it('contract-shaped bodies with a live token answer an envelope, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS.filter((p) => p !== ApiPath.logout)),
        contractish,
        async (path, fields) => {
          const { status, body } = await server.call(path, { ...fields, token: demoToken });
          assertEnvelope(status, body);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random bytes as the body answer an envelope, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), fc.string({ maxLength: 200 }), async (path, raw) => {
        const { status, body } = await server.call(path, raw, { contentType: 'application/json' });
        assertEnvelope(status, body);
      }),
      { numRuns: 100 },
    );
  });

  it('the demo member is unharmed by the fuzzing (it never logged out, balance untouched)', async () => {
    const info = await server.call<{ money: number }>(ApiPath.userInfo, { token: demoToken });
    expect(info.body.code).toBe(1);
    expect(info.body.data.money).toBe(1000);
  });
});
