/** Verification codes by SMS: a 60 s resend lock per number, and none for a registered number. */
import { randomInt } from 'node:crypto';
import { CAPTCHA_LOCK_SECONDS, CAPTCHA_TTL_SECONDS, DEFAULT_QUHAO } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { validateCaptchaRequest } from '../../../shared/validation';
import type { SmsSender } from '../../sms';
import type { Db } from '../../db/schema';
import { phoneIsRegistered } from '../../repositories/members';
import { consumeSmsCode, insertSmsCode, latestSmsCode } from '../../repositories/smsCodes';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';

export interface CaptchaRequest {
  quhao?: string;
  mobile: string;
}

export async function sendCaptcha(
  deps: Deps & { smsSender: SmsSender },
  request: CaptchaRequest,
): Promise<{ lockSeconds: number }> {
  const quhao = request.quhao?.trim() || DEFAULT_QUHAO;
  const refusal = validateCaptchaRequest({ quhao, mobile: request.mobile });
  if (refusal) throw refusedFrom(refusal);
  const mobile = request.mobile.trim();
  if (await phoneIsRegistered(deps.db, quhao, mobile)) throw refused(ErrorCode.PhoneRegistered);
  const now = deps.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute(async (trx) => {
    const last = await latestSmsCode(trx, quhao, mobile);
    if (last && now - last.sent_at < CAPTCHA_LOCK_SECONDS * 1000) throw refused(ErrorCode.SendingTooFrequently);
    await insertSmsCode(trx, {
      quhao,
      phone: mobile,
      code,
      sent_at: now,
      expires_at: now + CAPTCHA_TTL_SECONDS * 1000,
    });
  });
  await deps.smsSender.send({ quhao, mobile, code });
  return { lockSeconds: CAPTCHA_LOCK_SECONDS };
}

/**
 * Checks a typed code against the latest one sent to the number and uses it up: 2053 when it
 * does not match (or none was sent), 2054 when it expired. Call inside the registration transaction.
 */
export async function consumeCaptcha(db: Db, quhao: string, phone: string, typed: string, now: number): Promise<void> {
  const last = await latestSmsCode(db, quhao, phone);
  if (!last || last.used === 1 || last.code !== typed.trim()) throw refused(ErrorCode.CaptchaWrong);
  if (last.expires_at <= now) throw refused(ErrorCode.CaptchaExpired);
  if (!(await consumeSmsCode(db, last.id))) throw refused(ErrorCode.CaptchaWrong);
}
