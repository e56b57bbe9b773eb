/** Login: 1002 unknown account, 1003 wrong password, 1069 frozen; a new session on success. */
import { ErrorCode } from '../../../shared/errors';
import { validateLogin } from '../../../shared/validation';
import { findMemberByUsername, setMemberLang } from '../../repositories/members';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { verifySecret } from '../secrets';
import { openSession } from './sessions';

export interface LoginInput {
  username: string;
  password: string;
  lang: string;
}

export async function login(deps: Deps, input: LoginInput): Promise<{ token: string }> {
  const refusal = validateLogin(input);
  if (refusal) throw refusedFrom(refusal);
  const member = await findMemberByUsername(deps.db, input.username.trim());
  if (!member) throw refused(ErrorCode.UserNotFound);
  if (!(await verifySecret(input.password, member.password_hash))) throw refused(ErrorCode.LoginPasswordWrong);
  // Only after the password matched, so the frozen state is not told to strangers.
  if (member.frozen === 1) throw refused(ErrorCode.AccountFrozen);
  if (member.lang !== input.lang) await setMemberLang(deps.db, member.id, input.lang);
  return { token: await openSession(deps.db, member.id, deps.clock()) };
}
