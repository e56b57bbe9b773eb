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
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { consumeCaptcha, countCaptchaTry, refuseWhileCodesSpent } from './captcha';
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

  await refuseWhileCodesSpent(deps, quhao, mobile, 'reset');
  const now = deps.clock();
  const attempt = await countCaptchaTry(deps.db, quhao, mobile, 'reset');
  await deps.db.transaction().execute((trx) => consumeCaptcha(trx, attempt, request.captcha, now));
  await replaceLoginPassword(deps, member.id, request.password);
}
