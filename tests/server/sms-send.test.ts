/**
 * /api/index/sms_send: validation 2050, resend lock 2051, registered number 2052; the senders: an
 * HTTP provider (a local stand-in here), the console, and none (3009, no code kept).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { CAPTCHA_LOCK_SECONDS } from '../../src/shared/constants';
import { loadTranslator, type Translator } from '../../src/server/i18n';
import { ConsoleSmsSender, HttpSmsSender, NoSmsSender, type SmsSender } from '../../src/server/sms';
import { registerMember, uniquePhone } from './support/members';
import { buildTestApp, injectJson, startServer, type TestServer } from './support/server';
import { startProvider, type SmsProvider } from './support/smsProvider';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('/api/index/sms_send', () => {
  it('sends a 6-digit code to the number and locks it for 60 s', async () => {
    const mobile = uniquePhone();
    const { status, body } = await server.call(ApiPath.smsSend, { quhao: '+86', mobile });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, data: { lockSeconds: CAPTCHA_LOCK_SECONDS } });
    expect(server.sms.lastCodeFor('+86', mobile)).toMatch(/^\d{6}$/);
  });

  it('defaults the area code to +84', async () => {
    const mobile = uniquePhone();
    expect((await server.call(ApiPath.smsSend, { mobile })).body.code).toBe(1);
    expect(server.sms.lastCodeFor('+84', mobile)).toMatch(/^\d{6}$/);
  });

  it.each([
    ['too short', '12345'],
    ['too long', '1234567890123456'],
    ['letters', '09123abc45'],
    ['empty', ''],
  ])('refuses a phone number that is %s with 2050 (and data.errCode)', async (_label, mobile) => {
    const { body } = await server.call(ApiPath.smsSend, { quhao: '+84', mobile });
    expect(body).toMatchObject({ code: 2050, data: { errCode: 2050 } });
  });

  it('refuses a malformed area code with 2050', async () => {
    expect((await server.call(ApiPath.smsSend, { quhao: '84', mobile: uniquePhone() })).body.code).toBe(2050);
  });

  it('refuses a missing or empty mobile field with 2050, "enter your phone number correctly"', async () => {
    expect((await server.call(ApiPath.smsSend, { quhao: '+84' })).body.code).toBe(2050);
    expect((await server.call(ApiPath.smsSend, { quhao: '+84', mobile: ' ' })).body.code).toBe(2050);
  });

  it('refuses a second code within 60 s (2051), and sends again after', async () => {
    const mobile = uniquePhone();
    expect((await server.call(ApiPath.smsSend, { mobile })).body.code).toBe(1);
    const first = server.sms.lastCodeFor('+84', mobile);
    server.clock.advance((CAPTCHA_LOCK_SECONDS - 1) * 1000);
    expect((await server.call(ApiPath.smsSend, { mobile })).body).toMatchObject({
      code: 2051,
      data: { errCode: 2051 },
    });
    expect(server.sms.sent.filter((m) => m.mobile === mobile)).toHaveLength(1);
    server.clock.advance(1000);
    expect((await server.call(ApiPath.smsSend, { mobile })).body.code).toBe(1);
    expect(server.sms.sent.filter((m) => m.mobile === mobile)).toHaveLength(2);
    expect(server.sms.lastCodeFor('+84', mobile)).toMatch(/^\d{6}$/);
    expect(first).toMatch(/^\d{6}$/);
  });

  it('a code asked for again too soon says how many seconds are left, in data and in the text of each language', async () => {
    const mobile = uniquePhone();
    expect((await server.call(ApiPath.smsSend, { mobile })).body.code).toBe(1);
    server.clock.advance(15_500);
    const texts: Record<string, string> = {};
    for (const lang of ['en', 'vi', 'chs', 'cht']) {
      const { body } = await server.call(ApiPath.smsSend, { mobile, lang });
      // 44.5 s are left: the member is told 45, never less than is true.
      expect(body).toMatchObject({ code: 2051, data: { errCode: 2051, retryAfter: 45 } });
      texts[lang] = body.info;
    }
    expect(texts).toEqual({
      en: 'Sending too frequently, please wait 45 s',
      vi: 'Gửi quá nhanh, vui lòng đợi 45 giây',
      chs: '发送过于频繁，请等待 45 秒',
      cht: '發送過於頻繁，請等待 45 秒',
    });
    server.clock.advance(40_000);
    expect((await server.call(ApiPath.smsSend, { mobile })).body.data).toMatchObject({ retryAfter: 5 });
  });

  it('the lock is per number: another number is not held back', async () => {
    const a = uniquePhone();
    const b = uniquePhone();
    expect((await server.call(ApiPath.smsSend, { mobile: a })).body.code).toBe(1);
    expect((await server.call(ApiPath.smsSend, { mobile: b })).body.code).toBe(1);
  });

  it('refuses a number that already belongs to a member with 2052', async () => {
    const member = await registerMember(server);
    server.clock.advance(CAPTCHA_LOCK_SECONDS * 1000);
    const { body } = await server.call(ApiPath.smsSend, { quhao: '+84', mobile: member.phone });
    expect(body).toMatchObject({ code: 2052, data: { errCode: 2052 } });
  });
});

describe('ConsoleSmsSender', () => {
  it('prints exactly one line: SMS code for <quhao><mobile>: <code>', async () => {
    const lines: string[] = [];
    await new ConsoleSmsSender((line) => lines.push(line)).send({
      quhao: '+84',
      mobile: '912345678',
      code: '042917',
      locale: 'vi',
    });
    expect(lines).toEqual(['SMS code for +84912345678: 042917\n']);
  });
});

describe('sending through an HTTP provider', () => {
  let provider: SmsProvider;
  let app: FastifyInstance;
  let translator: Translator;
  const failures: { details: Record<string, unknown>; message: string }[] = [];

  async function appWith(sender: SmsSender): Promise<FastifyInstance> {
    app = await buildTestApp(server.database, server.clock, sender);
    return app;
  }

  function httpSender(url: string, timeoutMs = 2_000): HttpSmsSender {
    return new HttpSmsSender({
      url,
      key: 'key-123',
      text: (locale, code) => translator.smsText(locale, code),
      onFailure: (details, message) => failures.push({ details, message }),
      timeoutMs,
    });
  }

  const send = (mobile: string, lang = 'en', purpose?: string) =>
    injectJson<{ errCode?: number }>(app, ApiPath.smsSend, { lang, mobile, ...(purpose ? { purpose } : {}) });

  const storedCodes = (mobile: string) =>
    server.deps.db.selectFrom('sms_codes').select('code').where('phone', '=', mobile).execute();

  beforeAll(async () => {
    provider = await startProvider();
    translator = await loadTranslator();
  });
  afterAll(() => provider.close());
  afterEach(async () => {
    await app.close();
    provider.answer = 200;
    provider.received.length = 0;
    failures.length = 0;
  });

  it('posts the number and the text in the member’s language as JSON, with the key in a header', async () => {
    await appWith(httpSender(provider.url));
    const mobile = uniquePhone();
    expect((await send(mobile, 'vi')).body.code).toBe(1);
    expect(provider.received).toHaveLength(1);
    const [sent] = provider.received;
    expect(sent.authorization).toBe('Bearer key-123');
    expect(sent.contentType).toBe('application/json');
    expect(sent.body.to).toBe(`+84${mobile}`);
    const [stored] = await storedCodes(mobile);
    expect(sent.body.text).toBe(
      `${stored.code} là mã xác minh của bạn, hết hạn sau 10 phút. Không chia sẻ mã này với bất kỳ ai.`,
    );
    const other = uniquePhone();
    expect((await send(other, 'chs')).body.code).toBe(1);
    expect(provider.received[1].body.text).toMatch(/^您的验证码是 \d{6}，10 分钟内有效/);
  });

  it.each([
    ['refuses the message (HTTP 503)', 503 as const, /refused the message/],
    ['does not answer in time', 'hang' as const, /no answer within 300 ms/],
  ])(
    'when the provider %s: 3009 in the member’s language, no code kept, logged without the code',
    async (_name, answer, logged) => {
      await appWith(httpSender(provider.url, 300));
      provider.answer = answer;
      const mobile = uniquePhone();
      const refused = await send(mobile, 'en');
      expect(refused.body).toMatchObject({ code: 3009, data: { errCode: 3009 } });
      expect(refused.body.info).toBe(
        'Verification codes cannot be sent by SMS right now. Try again later or contact customer service.',
      );
      expect(await storedCodes(mobile)).toEqual([]);
      expect(failures).toHaveLength(1);
      expect(failures[0].message).toMatch(logged);
      expect(failures[0].details.to).toBe(`+84${'*'.repeat(mobile.length - 3)}${mobile.slice(-3)}`);
      const text = provider.received[0].body.text;
      const code = /^(\d{6})/.exec(text)?.[1] ?? 'no code';
      expect(JSON.stringify(failures)).not.toContain(code);
      expect(JSON.stringify(failures)).not.toContain(mobile);
      // Nothing holds the member back once the provider takes messages again (no resend lock).
      provider.answer = 200;
      expect((await send(mobile, 'vi')).body.info).not.toMatch(/frequently/);
      expect((await storedCodes(mobile)).length).toBe(1);
    },
  );

  it('when the provider cannot be reached: 3009, no code kept', async () => {
    const gone = await startProvider();
    await gone.close();
    await appWith(httpSender(gone.url));
    const mobile = uniquePhone();
    expect((await send(mobile)).body.code).toBe(3009);
    expect(await storedCodes(mobile)).toEqual([]);
    expect(failures.map((f) => f.message)).toEqual(['SMS provider unreachable']);
  });

  it('without a provider (a plain start): registration and reset codes are refused with 3009, none is made', async () => {
    await appWith(new NoSmsSender());
    const mobile = uniquePhone();
    expect((await send(mobile, 'vi')).body).toMatchObject({ code: 3009, data: { errCode: 3009 } });
    const member = await registerMember(server);
    expect((await send(member.phone, 'en', 'reset')).body.code).toBe(3009);
    expect(await storedCodes(mobile)).toEqual([]);
  });
});
