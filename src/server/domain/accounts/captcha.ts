/**
 * Verification codes by SMS: a 60 s resend lock per number, and a code dies after
 * MAX_CODE_FAILURES wrong tries. A code is for one purpose: registering (never to a registered
 * number), resetting a member's login password (only to a member's number), or confirming who sets
 * a member's first withdrawal password (asked for with the member's token, sent to the member's
 * own number, never to one the request names). Without a sender (no provider configured) or when
 * the provider does not take the message, the member hears 3009 and no code is kept, so no resend
 * lock holds them back once SMS works again.
 */
import { randomInt } from 'node:crypto';
import { CAPTCHA_LOCK_SECONDS, CAPTCHA_TTL_SECONDS, DEFAULT_QUHAO } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { isPhoneNumber, validateCaptchaRequest } from '../../../shared/validation';
import type { Locale } from '../../../shared/locale';
import { SmsNotSent, type SmsSender } from '../../sms';
import type { Db, Member, SmsPurpose } from '../../db/schema';
import { phoneIsRegistered } from '../../repositories/members';
import { reserveCodeTry } from '../../repositories/guards';
import {
  codeFailuresSince,
  consumeSmsCode,
  deleteSmsCode,
  insertSmsCode,
  latestSmsCode,
  type SmsCodeRow,
} from '../../repositories/smsCodes';
import type { Deps } from '../deps';
import { Refused, refused, refusedFrom, refusedToWait } from '../refused';
import { MAX_CODE_FAILURES, SECRET_GUARD } from './guards';

export interface CaptchaRequest {
  quhao?: string;
  mobile?: string;
  purpose?: SmsPurpose;
  /** The member's language, for the text of the SMS. */
  locale: Locale;
}

/** The number a code goes to: the one the request names, or for paypwd the member's own. */
async function recipientOf(
  deps: Deps,
  request: CaptchaRequest,
  purpose: SmsPurpose,
  member: Member | null,
): Promise<{ quhao: string; mobile: string }> {
  if (purpose === 'paypwd') {
    // The route authenticates paypwd requests; without a member there is nobody to send to.
    if (!member) throw refused(ErrorCode.LoginInvalid);
    // Only the first withdrawal password is set with a code; changing one asks for the old one.
    if (member.pay_password_hash !== null) throw refused(ErrorCode.IncompleteParameters);
    if (!isPhoneNumber(member.phone)) throw refused(ErrorCode.NoPhoneOnFile);
    return { quhao: member.quhao, mobile: member.phone };
  }
  if (request.mobile === undefined) throw refused(ErrorCode.IncompleteParameters);
  const quhao = request.quhao?.trim() || DEFAULT_QUHAO;
  const refusal = validateCaptchaRequest({ quhao, mobile: request.mobile });
  if (refusal) throw refusedFrom(refusal);
  const mobile = request.mobile.trim();
  const registered = await phoneIsRegistered(deps.db, quhao, mobile);
  if (purpose === 'register' && registered) throw refused(ErrorCode.PhoneRegistered);
  if (purpose === 'reset' && !registered) throw refused(ErrorCode.PhoneNotRegistered);
  return { quhao, mobile };
}

export async function sendCaptcha(
  deps: Deps & { smsSender: SmsSender },
  request: CaptchaRequest,
  member: Member | null = null,
): Promise<{ lockSeconds: number }> {
  if (!deps.smsSender.available) throw refused(ErrorCode.SmsUnavailable);
  const purpose = request.purpose ?? 'register';
  const { quhao, mobile } = await recipientOf(deps, request, purpose, member);
  const now = deps.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeId = await deps.db.transaction().execute(async (trx) => {
    const last = await latestSmsCode(trx, quhao, mobile, purpose);
    const lockedUntil = last ? last.sent_at + CAPTCHA_LOCK_SECONDS * 1000 : 0;
    if (now < lockedUntil) throw refusedToWait((lockedUntil - now) / 1000);
    return insertSmsCode(trx, {
      quhao,
      phone: mobile,
      code,
      sent_at: now,
      expires_at: now + CAPTCHA_TTL_SECONDS * 1000,
      purpose,
    });
  });
  try {
    await deps.smsSender.send({ quhao, mobile, code, locale: request.locale });
  } catch (error) {
    if (!(error instanceof SmsNotSent)) throw error;
    await deleteSmsCode(deps.db, codeId);
    throw refused(ErrorCode.SmsUnavailable);
  }
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
 * Checks a typed code against the counted try without using it: 2053 when it does not match (or
 * none was sent), 2054 when it expired or took too many wrong tries (either way: ask for a new one).
 */
export function checkCaptcha(attempt: CaptchaTry, typed: string, now: number): SmsCodeRow {
  const last = attempt.sent;
  if (!last || last.used === 1) throw refused(ErrorCode.CaptchaWrong);
  if (attempt.spent) throw refused(ErrorCode.CaptchaExpired);
  if (last.code !== typed.trim()) throw refused(ErrorCode.CaptchaWrong);
  if (last.expires_at <= now) throw refused(ErrorCode.CaptchaExpired);
  return last;
}

/**
 * Checks a typed code (checkCaptcha) and uses it up; 2053 when another request used it first.
 * Call inside the transaction that uses the code.
 */
export async function consumeCaptcha(db: Db, attempt: CaptchaTry, typed: string, now: number): Promise<void> {
  const last = checkCaptcha(attempt, typed, now);
  if (!(await consumeSmsCode(db, last.id))) throw refused(ErrorCode.CaptchaWrong);
}

/**
 * Refuses (3001) while the wrong tries at a number's unused codes of one purpose, sent within
 * SECRET_GUARD's window, add up to its limit: the number belongs to one member, so asking for
 * new codes does not buy more guesses at that member's reset or first withdrawal password.
 */
export async function refuseWhileCodesSpent(
  deps: Deps,
  quhao: string,
  phone: string,
  purpose: SmsPurpose,
): Promise<void> {
  const now = deps.clock();
  const since = now - SECRET_GUARD.windowMs;
  if ((await codeFailuresSince(deps.db, quhao, phone, purpose, since)) < SECRET_GUARD.maxFailures) return;
  const minutes = Math.ceil(SECRET_GUARD.windowMs / 60_000);
  throw new Refused(
    ErrorCode.TooManyTries,
    ErrorCode.TooManyTries,
    { minutes },
    { retryAt: now + SECRET_GUARD.windowMs },
  );
}
