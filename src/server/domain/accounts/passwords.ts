/** Changing the login password and the withdrawal (pay) password. */
import { ErrorCode } from '../../../shared/errors';
import { validateLoginPasswordChange, validatePayPasswordChange } from '../../../shared/validation';
import type { Member } from '../../db/schema';
import { setPasswordHash, setPayPasswordHash } from '../../repositories/members';
import { deleteOtherSessions } from '../../repositories/sessions';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { hashSecret, verifySecret } from '../secrets';

export async function changeLoginPassword(
  deps: Deps,
  member: Member,
  tokenHash: string,
  input: { passwd: string; npasswd: string },
): Promise<void> {
  // The contract sends no repeat field (the app checks it), so the new one stands for both.
  const refusal = validateLoginPasswordChange({ old: input.passwd, next: input.npasswd, repeat: input.npasswd });
  if (refusal) throw refusedFrom(refusal);
  if (!(await verifySecret(input.passwd, member.password_hash))) throw refused(ErrorCode.OldPasswordWrong);
  const hash = await hashSecret(input.npasswd);
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
  if (member.pay_password_hash !== null && !(await verifySecret(old, member.pay_password_hash))) {
    throw refused(ErrorCode.OldPasswordWrong);
  }
  await setPayPasswordHash(deps.db, member.id, await hashSecret(input.newpwd));
}
