/**
 * Changing the login password and the withdrawal (pay) password. The old password is a guess at
 * the secret like any other: it counts toward that secret's wrong-try limit (guards.ts).
 */
import { ErrorCode } from '../../../shared/errors';
import { validateLoginPasswordChange, validatePayPasswordChange } from '../../../shared/validation';
import type { Member } from '../../db/schema';
import { setPasswordHash, setPayPasswordHash } from '../../repositories/members';
import { deleteMemberSessions, deleteOtherSessions } from '../../repositories/sessions';
import { clearMemberGuards } from '../../repositories/guards';
import { clearLoginGuards } from '../../repositories/loginGuards';
import type { Deps } from '../deps';
import { refusedFrom } from '../refused';
import { hashSecret, verifySecret } from '../secrets';
import { checkGuardedSecret } from './guards';

export async function changeLoginPassword(
  deps: Deps,
  member: Member,
  tokenHash: string,
  input: { passwd: string; npasswd: string },
): Promise<void> {
  // The contract sends no repeat field (the app checks it), so the new one stands for both.
  const refusal = validateLoginPasswordChange({ old: input.passwd, next: input.npasswd, repeat: input.npasswd });
  if (refusal) throw refusedFrom(refusal);
  const stored = member.password_hash;
  await checkGuardedSecret(
    deps,
    member.id,
    'login',
    () => verifySecret(input.passwd, stored, 'trusted'),
    ErrorCode.OldPasswordWrong,
  );
  const hash = await hashSecret(input.npasswd, 'trusted');
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, member.id, hash);
    // Whoever knew the old password loses their other sessions; this device stays logged in.
    await deleteOtherSessions(trx, member.id, tokenHash);
  });
}

export async function changePayPassword(
  deps: Deps,
  member: Member,
  input: { srcpwd?: string; newpwd: string; newpwd2: string },
): Promise<void> {
  const noPassword2 = member.pay_password_hash === null ? 1 : 0;
  const old = input.srcpwd ?? '';
  const refusal = validatePayPasswordChange({ old, next: input.newpwd, repeat: input.newpwd2, noPassword2 });
  if (refusal) throw refusedFrom(refusal);
  const stored = member.pay_password_hash;
  if (stored !== null) {
    await checkGuardedSecret(
      deps,
      member.id,
      'pay',
      () => verifySecret(old, stored, 'trusted'),
      ErrorCode.OldPasswordWrong,
    );
  }
  await setPayPasswordHash(deps.db, member.id, await hashSecret(input.newpwd, 'trusted'));
}

/**
 * A forgotten login password replaced (by the member with an SMS code, or by the operator): every
 * session of the member ends, so whoever used the old password is logged out, and the locks of
 * wrong tries are lifted.
 */
export async function replaceLoginPassword(deps: Deps, memberId: number, password: string): Promise<void> {
  const hash = await hashSecret(password);
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, memberId, hash);
    await deleteMemberSessions(trx, memberId);
  });
  await clearMemberGuards(deps.db, memberId, deps.clock());
  await clearLoginGuards(deps.db, memberId, deps.clock());
}
