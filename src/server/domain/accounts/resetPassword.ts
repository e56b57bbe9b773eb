/**
 * A member resets a forgotten login password with a code sent to the registered phone
 * (sms_send with purpose "reset"). Guessing is limited per code (it dies after MAX_CODE_FAILURES
 * wrong tries) and per member: the wrong tries at all the reset codes of the member's number
 * within SECRET_GUARD's window count together, so asking for new codes does not buy more guesses.
 */
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { validatePasswordReset } from '../../../shared/validation';
import { findMemberByPhone } from '../../repositories/members';
import { resetCodeFailuresSince } from '../../repositories/smsCodes';
import type { Deps } from '../deps';
import { Refused, refused, refusedFrom } from '../refused';
import { consumeCaptcha, countCaptchaTry } from './captcha';
import { SECRET_GUARD } from './guards';
import { replaceLoginPassword } from './passwords';

export interface PasswordResetRequest {
  quhao?: string;
  mobile: string;
  captcha: string;
  password: string;
  repassword: string;
}

export async function resetForgottenPassword(deps: Deps, request: PasswordResetRequest): Promise<void> {
  const quhao = request.quhao?.trim() || DEFAULT_QUHAO;
  const refusal = validatePasswordReset({ ...request, quhao });
  if (refusal) throw refusedFrom(refusal);
  const mobile = request.mobile.trim();
  const member = await findMemberByPhone(deps.db, quhao, mobile);
  if (!member) throw refused(ErrorCode.PhoneNotRegistered);

  const now = deps.clock();
  const since = now - SECRET_GUARD.windowMs;
  if ((await resetCodeFailuresSince(deps.db, quhao, mobile, since)) >= SECRET_GUARD.maxFailures) {
    const minutes = Math.ceil(SECRET_GUARD.windowMs / 60_000);
    throw new Refused(
      ErrorCode.TooManyTries,
      ErrorCode.TooManyTries,
      { minutes },
      { retryAt: now + SECRET_GUARD.windowMs },
    );
  }
  const attempt = await countCaptchaTry(deps.db, quhao, mobile, 'reset');
  await deps.db.transaction().execute((trx) => consumeCaptcha(trx, attempt, request.captcha, now));
  await replaceLoginPassword(deps, member.id, request.password);
}
