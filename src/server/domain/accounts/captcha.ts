/**
 * Verification codes by SMS: a 60 s resend lock per number, and a code dies after
 * MAX_CODE_FAILURES wrong tries. A code is for one purpose: registering (never to a registered
 * number) or resetting a member's login password (only to a member's number).
 */
import { randomInt } from 'node:crypto';
import { CAPTCHA_LOCK_SECONDS, CAPTCHA_TTL_SECONDS, DEFAULT_QUHAO } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { validateCaptchaRequest } from '../../../shared/validation';
import type { SmsSender } from '../../sms';
import type { Db, SmsPurpose } from '../../db/schema';
import { phoneIsRegistered } from '../../repositories/members';
import { reserveCodeTry } from '../../repositories/guards';
import { consumeSmsCode, insertSmsCode, latestSmsCode, type SmsCodeRow } from '../../repositories/smsCodes';
import type { Deps } from '../deps';
import { refused, refusedFrom, refusedToWait } from '../refused';
import { MAX_CODE_FAILURES } from './guards';

export interface CaptchaRequest {
  quhao?: string;
  mobile: string;
  purpose?: SmsPurpose;
}

export async function sendCaptcha(
  deps: Deps & { smsSender: SmsSender },
  request: CaptchaRequest,
): Promise<{ lockSeconds: number }> {
  const quhao = request.quhao?.trim() || DEFAULT_QUHAO;
  const refusal = validateCaptchaRequest({ quhao, mobile: request.mobile });
  if (refusal) throw refusedFrom(refusal);
  const mobile = request.mobile.trim();
  const purpose = request.purpose ?? 'register';
  const registered = await phoneIsRegistered(deps.db, quhao, mobile);
  if (purpose === 'register' && registered) throw refused(ErrorCode.PhoneRegistered);
  if (purpose === 'reset' && !registered) throw refused(ErrorCode.PhoneNotRegistered);
  const now = deps.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute(async (trx) => {
    const last = await latestSmsCode(trx, quhao, mobile, purpose);
    const lockedUntil = last ? last.sent_at + CAPTCHA_LOCK_SECONDS * 1000 : 0;
    if (now < lockedUntil) throw refusedToWait((lockedUntil - now) / 1000);
    await insertSmsCode(trx, {
      quhao,
      phone: mobile,
      code,
      sent_at: now,
      expires_at: now + CAPTCHA_TTL_SECONDS * 1000,
      purpose,
    });
  });
  await deps.smsSender.send({ quhao, mobile, code });
  return { lockSeconds: CAPTCHA_LOCK_SECONDS };
}

/** The latest code sent to a number, and whether this try was one too many for it. */
export interface CaptchaTry {
  sent: SmsCodeRow | undefined;
  /** The code had already taken MAX_CODE_FAILURES tries: it is dead. */
  spent: boolean;
}

/**
 * Counts a try against the latest code sent to the number, before it is compared and outside the
 * registration transaction (whose rollback would forget it): tries sent at the same moment all
 * count, and after MAX_CODE_FAILURES the code is dead.
 */
export async function countCaptchaTry(
  db: Db,
  quhao: string,
  phone: string,
  purpose: SmsPurpose = 'register',
): Promise<CaptchaTry> {
  const sent = await latestSmsCode(db, quhao, phone, purpose);
  if (!sent || sent.used === 1) return { sent, spent: false };
  return { sent, spent: !(await reserveCodeTry(db, sent.id, MAX_CODE_FAILURES)) };
}

/**
 * Checks a typed code against the counted try and uses it up: 2053 when it does not match (or
 * none was sent), 2054 when it expired or took too many wrong tries (either way: ask for a new
 * one). Call inside the transaction that uses the code.
 */
export async function consumeCaptcha(db: Db, attempt: CaptchaTry, typed: string, now: number): Promise<void> {
  const last = attempt.sent;
  if (!last || last.used === 1) throw refused(ErrorCode.CaptchaWrong);
  if (attempt.spent) throw refused(ErrorCode.CaptchaExpired);
  if (last.code !== typed.trim()) throw refused(ErrorCode.CaptchaWrong);
  if (last.expires_at <= now) throw refused(ErrorCode.CaptchaExpired);
  if (!(await consumeSmsCode(db, last.id))) throw refused(ErrorCode.CaptchaWrong);
}
