/**
 * Changing the login password and the withdrawal (pay) password. The old password is a guess at
 * the secret like any other: it counts toward that secret's wrong-try limit (guards.ts). The first
 * withdrawal password asks for the login password (or a code sent to the phone) instead.
 */
import { ErrorCode, MessageKey, refuse } from '../../../shared/errors';
import { validateLoginPasswordChange, validatePayPasswordChange } from '../../../shared/validation';
import { setFirstPayPasswordHash, setPasswordHash, setPayPasswordHash } from '../../repositories/members';
import { deleteMemberSessions, deleteOtherSessions } from '../../repositories/sessions';
import { announce, sessionsEnded } from '../live/news';
import { clearMemberGuards } from '../../repositories/guards';
import { clearLoginGuards } from '../../repositories/loginGuards';
import type { Deps } from '../deps';
import { refusedFrom } from '../refused';
import { hashSecret, verifySecret } from '../secrets';
import { consumeCaptcha, countCaptchaTry, refuseWhileCodesSpent } from './captcha';
import { checkGuardedSecret, guesser } from './guards';
import type { Authenticated } from './sessions';

export async function changeLoginPassword(
  deps: Deps,
  auth: Authenticated,
  input: { passwd: string; npasswd: string },
): Promise<void> {
  const { member, tokenHash } = auth;
  // The contract sends no repeat field (the app checks it), so the new one stands for both.
  const refusal = validateLoginPasswordChange({ old: input.passwd, next: input.npasswd, repeat: input.npasswd });
  if (refusal) throw refusedFrom(refusal);
  const stored = member.password_hash;
  await checkGuardedSecret(
    deps,
    guesser(auth),
    'login',
    () => verifySecret(input.passwd, stored, 'trusted'),
    ErrorCode.OldPasswordWrong,
  );
  const hash = await hashSecret(input.npasswd, 'trusted');
  const ended = await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, member.id, hash);
    // Whoever knew the old password loses their other sessions; this device stays logged in.
    return deleteOtherSessions(trx, member.id, tokenHash);
  });
  await announce(deps, sessionsEnded(ended));
}

export interface PayPasswordChange {
  srcpwd?: string;
  loginpwd?: string;
  captcha?: string;
  newpwd: string;
  newpwd2: string;
}

export async function changePayPassword(deps: Deps, auth: Authenticated, input: PayPasswordChange): Promise<void> {
  const { member } = auth;
  const stored = member.pay_password_hash;
  if (stored === null) return setFirstPayPassword(deps, auth, input);
  const old = input.srcpwd ?? '';
  const refusal = validatePayPasswordChange({ old, next: input.newpwd, repeat: input.newpwd2, noPassword2: 0 });
  if (refusal) throw refusedFrom(refusal);
  await checkGuardedSecret(
    deps,
    guesser(auth),
    'pay',
    () => verifySecret(old, stored, 'trusted'),
    ErrorCode.OldPasswordWrong,
  );
  await setPayPasswordHash(deps.db, member.id, await hashSecret(input.newpwd, 'trusted'));
}

/**
 * The first withdrawal password guards every withdrawal, so a session alone cannot set it: the
 * login password says it is the member (a wrong one counts toward the login password's limit like
 * any other guess, 1003), or a code sent to the member's phone does (2053/2054, its wrong tries
 * limited per code and across the number's codes, as a reset's are).
 */
async function setFirstPayPassword(deps: Deps, auth: Authenticated, input: PayPasswordChange): Promise<void> {
  const { member } = auth;
  const loginPassword = input.loginpwd ?? '';
  const byCode = loginPassword === '' && (input.captcha ?? '').trim() !== '';
  const proof = byCode ? (input.captcha ?? '') : loginPassword;
  const refusal = validatePayPasswordChange({
    old: proof,
    next: input.newpwd,
    repeat: input.newpwd2,
    noPassword2: 1,
    byCode,
  });
  if (refusal) throw refusedFrom(refusal);
  // Hashed before any code is used up: scrypt is slow on purpose and must not hold a write lock.
  const hash = await hashSecret(input.newpwd, 'trusted');
  if (!byCode) {
    const stored = member.password_hash;
    await checkGuardedSecret(
      deps,
      guesser(auth),
      'login',
      () => verifySecret(loginPassword, stored, 'trusted'),
      ErrorCode.LoginPasswordWrong,
    );
    if (!(await setFirstPayPasswordHash(deps.db, member.id, hash)))
      throw refusedFrom(refuse(MessageKey.OriginalInputNull));
    return;
  }
  await refuseWhileCodesSpent(deps, member.quhao, member.phone, 'paypwd');
  const attempt = await countCaptchaTry(deps.db, member.quhao, member.phone, 'paypwd');
  await deps.db.transaction().execute(async (trx) => {
    await consumeCaptcha(trx, attempt, proof, deps.clock());
    // Set meanwhile by another request: from now on the old one is asked for.
    if (!(await setFirstPayPasswordHash(trx, member.id, hash))) throw refusedFrom(refuse(MessageKey.OriginalInputNull));
  });
}

/**
 * A forgotten login password replaced (by the member with an SMS code, or by the operator): every
 * session of the member ends, so whoever used the old password is logged out, and the locks of
 * wrong tries are lifted.
 */
export async function replaceLoginPassword(deps: Deps, memberId: number, password: string): Promise<void> {
  const hash = await hashSecret(password);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, memberId, hash);
    return deleteMemberSessions(trx, memberId);
  });
  await announce(deps, sessionsEnded(ended));
  await clearMemberGuards(deps.db, memberId, deps.clock());
  await clearLoginGuards(deps.db, memberId, deps.clock());
}
