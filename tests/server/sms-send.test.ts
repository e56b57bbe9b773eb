/** /api/index/sms_send: validation 2050, resend lock 2051, registered number 2052. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { CAPTCHA_LOCK_SECONDS } from '../../src/shared/constants';
import { ConsoleSmsSender } from '../../src/server/sms';
import { registerMember, uniquePhone } from './support/members';
import { startServer, type TestServer } from './support/server';

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

  it('refuses a missing mobile field with 1001', async () => {
    expect((await server.call(ApiPath.smsSend, { quhao: '+84' })).body.code).toBe(1001);
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
    await new ConsoleSmsSender((line) => lines.push(line)).send({ quhao: '+84', mobile: '912345678', code: '042917' });
    expect(lines).toEqual(['SMS code for +84912345678: 042917\n']);
  });
});
