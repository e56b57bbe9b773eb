/**
 * Login: 1002 unknown account, 1003 wrong password, 3001 after too many wrong ones from this
 * address, 3006 while strangers' tries must wait, 3005 when the password pool is full
 * (loginGuard.ts), 1069 frozen; a new session on success, and the address becomes one of the
 * member's own. An unknown name costs the same password check as a known one, so timing does not
 * tell who is registered; a hash of an older, cheaper cost is upgraded once the password is known
 * to be right.
 */
import { ErrorCode } from '../../../shared/errors';
import { validateLogin } from '../../../shared/validation';
import { findMemberByUsername, setMemberLang, upgradePasswordHash } from '../../repositories/members';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../secrets';
import { checkLoginPassword, rememberLoginSource } from './loginGuard';
import { liveSessionOf, openSession, type SessionClient } from './sessions';

export interface LoginInput {
  username: string;
  password: string;
  lang: string;
  /** The device the session opens on (its member sees it in the session list); its address is the client's (the connection's, or the one a trusted proxy names). */
  client: SessionClient;
  /** The token the request carried, if any: a live session of the member marks its own device. */
  token?: string;
}

export async function login(deps: Deps, input: LoginInput): Promise<{ token: string }> {
  const refusal = validateLogin(input);
  if (refusal) throw refusedFrom(refusal);
  const member = await findMemberByUsername(deps.db, input.username.trim());
  if (!member) {
    await verifyDummy(input.password);
    throw refused(ErrorCode.UserNotFound);
  }
  const stored = member.password_hash;
  const source = { address: input.client.ip, session: await liveSessionOf(deps, input.token) };
  await checkLoginPassword(deps, member.id, source, (lane) => verifySecret(input.password, stored, lane));
  // Only after the password matched, so the frozen state is not told to strangers.
  if (member.frozen === 1) throw refused(ErrorCode.AccountFrozen);
  await rememberLoginSource(deps, member.id, input.client.ip);
  if (needsRehash(stored)) {
    await upgradePasswordHash(deps.db, member.id, 'password_hash', stored, await hashSecret(input.password, 'trusted'));
  }
  if (member.lang !== input.lang) await setMemberLang(deps.db, member.id, input.lang);
  return { token: await openSession(deps.db, member.id, deps.clock(), input.client) };
}
