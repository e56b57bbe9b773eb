/** Registration (SPEC.md section 5): every rule, then the member and a session in one transaction. */
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { validateRegister } from '../../../shared/validation';
import { activeInvitationExists, countInvitationUse } from '../../repositories/invitations';
import { findMemberByUsername, insertMember, phoneIsRegistered } from '../../repositories/members';
import { isUniqueViolation } from '../dbErrors';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { hashSecret } from '../secrets';
import { consumeCaptcha, countCaptchaTry } from './captcha';
import { openSession, type SessionClient } from './sessions';

export interface RegisterInput {
  quhao?: string;
  username: string;
  phone: string;
  captcha: string;
  password: string;
  spassword: string;
  invitation: string;
  payPwd?: string;
  /** API language of the request; becomes the member's language. */
  lang: string;
  /** The device the session opens on (its member sees it in the session list). */
  client: SessionClient;
}

export async function register(deps: Deps, input: RegisterInput): Promise<{ token: string }> {
  const quhao = input.quhao?.trim() || DEFAULT_QUHAO;
  const refusal = validateRegister({ ...input, quhao });
  if (refusal) throw refusedFrom(refusal);
  const username = input.username.trim();
  const phone = input.phone.trim();
  const invitation = input.invitation.trim();
  // Hash before the transaction: scrypt is slow on purpose and must not hold the write lock.
  const passwordHash = await hashSecret(input.password);
  const payPasswordHash = input.payPwd ? await hashSecret(input.payPwd) : null;
  const captchaTry = await countCaptchaTry(deps.db, quhao, phone);

  try {
    return await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock();
      if (!(await activeInvitationExists(trx, invitation))) throw refused(ErrorCode.ReferralCodeWrong);
      if (await findMemberByUsername(trx, username)) throw refused(ErrorCode.AccountRegistered);
      if (await phoneIsRegistered(trx, quhao, phone)) throw refused(ErrorCode.PhoneRegistered);
      await consumeCaptcha(trx, captchaTry, input.captcha, now);
      const memberId = await insertMember(trx, {
        username,
        password_hash: passwordHash,
        pay_password_hash: payPasswordHash,
        nickname: username,
        phone,
        quhao,
        lang: input.lang,
        invited_by: invitation,
        created_at: now,
      });
      await countInvitationUse(trx, invitation);
      return { token: await openSession(trx, memberId, now, input.client) };
    });
  } catch (error) {
    // Two registrations of one name at once: the unique index stops the second.
    if (isUniqueViolation(error)) throw refused(ErrorCode.AccountRegistered);
    throw error;
  }
}
