/**
 * A forgotten login password reset by the member: a reset code only to a member's number, a
 * registration code no use for it, the app's password rules, sessions ended, and guessing limited per
 * member across codes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { allMigrations } from '../../src/server/db/migrations';
import { ApiPath } from '../../src/shared/api/paths';
import { CAPTCHA_LOCK_SECONDS, CAPTCHA_TTL_SECONDS } from '../../src/shared/constants';
import { ErrorCode } from '../../src/shared/errors';
import { registerMember, uniquePhone, type Registered } from './support/members';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const QUHAO = '+84';

async function sendResetCode(mobile: string): Promise<string> {
  const { body } = await server.call(ApiPath.smsSend, { quhao: QUHAO, mobile, purpose: 'reset' });
  expect(body.code).toBe(1);
  return server.sms.lastCodeFor(QUHAO, mobile);
}

function reset(mobile: string, captcha: string, password = 'fresh789', repassword = password) {
  return server.call(ApiPath.resetPassword, { quhao: QUHAO, mobile, captcha, password, repassword });
}

async function logIn(m: Registered, password: string) {
  return (await server.call(ApiPath.login, { quhao: QUHAO, username: m.username, password })).body.code;
}

/** A code that is not `right`, of the same shape. */
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('/api/index/reset_password', () => {
  it('a reset code goes only to a member’s number (3004 otherwise)', async () => {
    const { body } = await server.call(ApiPath.smsSend, { quhao: QUHAO, mobile: uniquePhone(), purpose: 'reset' });
    expect(body).toMatchObject({ code: ErrorCode.PhoneNotRegistered, data: { errCode: ErrorCode.PhoneNotRegistered } });
  });

  it('resets with the code: the old password fails, the new one works, old sessions end', async () => {
    const member = await registerMember(server);
    const code = await sendResetCode(member.phone);
    expect((await reset(member.phone, code)).body).toMatchObject({ code: 1, data: null });

    expect(await logIn(member, member.password)).toBe(ErrorCode.LoginPasswordWrong);
    expect(await logIn(member, 'fresh789')).toBe(1);
    // The session made at registration is gone.
    expect((await server.call(ApiPath.userInfo, { token: member.token })).body.code).not.toBe(1);
    // A used code does not serve twice.
    expect((await reset(member.phone, code, 'again123')).body.code).toBe(ErrorCode.CaptchaWrong);
  });

  it('a registration code cannot reset a password', async () => {
    const member = await registerMember(server);
    // An unused registration code for the member's number (as if sent just before registering).
    const now = server.clock.now;
    await server.deps.db
      .insertInto('sms_codes')
      .values({ quhao: QUHAO, phone: member.phone, code: '424242', sent_at: now, expires_at: now + 600_000 })
      .execute();
    expect((await reset(member.phone, '424242')).body.code).toBe(ErrorCode.CaptchaWrong);
    expect(await logIn(member, member.password)).toBe(1);
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const again = await registerMember(server);
    const code2 = await sendResetCode(again.phone);
    expect((await reset(again.phone, code2, 'ab1', 'ab1')).body.code).toBe(ErrorCode.PasswordLength);
    expect((await reset(again.phone, code2, 'onlyletters')).body.code).toBe(ErrorCode.PasswordAlphanumeric);
    expect((await reset(again.phone, code2, 'fresh789', 'fresh788')).body.code).toBe(ErrorCode.PasswordsInconsistent);
    expect((await reset('12ab', code2)).body.code).toBe(ErrorCode.EnterPhoneCorrectly);
    expect((await reset(again.phone, '')).body.code).toBe(ErrorCode.CaptchaWrong);
    expect(await logIn(again, again.password)).toBe(1);
  });

  it('an expired code is refused (2054)', async () => {
    const member = await registerMember(server);
    const code = await sendResetCode(member.phone);
    server.clock.advance(CAPTCHA_TTL_SECONDS * 1000 + 1);
    expect((await reset(member.phone, code)).body.code).toBe(ErrorCode.CaptchaExpired);
    expect(await logIn(member, member.password)).toBe(1);
  });

  it('five wrong codes lock the member’s reset for a while, even with new codes', async () => {
    const member = await registerMember(server);
    let code = await sendResetCode(member.phone);
    for (let i = 0; i < 3; i++)
      expect((await reset(member.phone, wrongCode(code))).body.code).toBe(ErrorCode.CaptchaWrong);
    // A new code does not buy new guesses.
    server.clock.advance(CAPTCHA_LOCK_SECONDS * 1000);
    code = await sendResetCode(member.phone);
    for (let i = 0; i < 2; i++)
      expect((await reset(member.phone, wrongCode(code))).body.code).toBe(ErrorCode.CaptchaWrong);
    const locked = await reset(member.phone, code);
    expect(locked.body.code).toBe(ErrorCode.TooManyTries);
    expect(await logIn(member, member.password)).toBe(1);

    // After the window the member may try again, with a fresh code.
    server.clock.advance(15 * 60_000 + 1);
    code = await sendResetCode(member.phone);
    expect((await reset(member.phone, code)).body.code).toBe(1);
    expect(await logIn(member, 'fresh789')).toBe(1);
  });
});

describe('migration 0007 on a database made before it', () => {
  it('keeps the codes already sent, as registration codes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-purpose-migration-'));
    const { db } = openSqlite(join(dir, 'app.sqlite'));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations('sqlite') } });
      expect((await migrator.migrateTo('0006_home_tiles')).error).toBeUndefined();
      // Written as the schema then was: no purpose column yet.
      await (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('sms_codes')
        .values({ quhao: QUHAO, phone: '912345678', code: '135790', sent_at: 1, expires_at: 2 })
        .execute();
      expect(await migrateToLatest(db, 'sqlite')).toContain('0007_sms_purpose');
      expect(await db.selectFrom('sms_codes').select(['code', 'purpose']).execute()).toEqual([
        { code: '135790', purpose: 'register' },
      ]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
