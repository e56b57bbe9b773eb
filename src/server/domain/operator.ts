/**
 * What the operator does from the admin command: create members and invitation codes, credit
 * deposits, freeze accounts. Same rules as the app where they overlap (usernames, passwords).
 */
import { randomInt } from 'node:crypto';
import { DEFAULT_QUHAO, VIP_LEVELS } from '../../shared/constants';
import { ErrorCode } from '../../shared/errors';
import { MAX_BALANCE_CENTS, MAX_DEPOSIT_CENTS } from '../../shared/money';
import { isPlainText, validateLoginPasswordChange, validateRegister } from '../../shared/validation';
import type { GuardedSecret, Member } from '../db/schema';
import { clearMemberGuards } from '../repositories/guards';
import { clearLoginGuards } from '../repositories/loginGuards';
import { firstActiveInvitation, insertInvitation, invitationExists } from '../repositories/invitations';
import { findMemberByUsername, insertMember, setMemberFrozen } from '../repositories/members';
import { lockMember, setMemberLevel } from '../repositories/memberUpdates';
import { sessionHashesOf } from '../repositories/sessions';
import type { Deps } from './deps';
import { FundReason } from './fundReasons';
import { changeBalance, type BalanceChanged } from './ledger';
import { announce, balanceChanged, sessionsEnded } from './live/news';
import { checkDepositLimits } from './play/deposits';
import { refused, refusedFrom } from './refused';
import { hashSecret } from './secrets';
import { replaceLoginPassword } from './accounts/passwords';

export async function createMember(
  deps: Deps,
  input: { username: string; password: string; payPassword?: string },
): Promise<{ id: number; username: string }> {
  // The registration rules for name and password; the other fields are not asked of the operator,
  // so they get stand-in values that pass.
  const refusal = validateRegister({
    username: input.username,
    password: input.password,
    spassword: input.password,
    invitation: 'operator',
    phone: '000000',
    captcha: 'operator',
    quhao: DEFAULT_QUHAO,
    payPwd: input.payPassword,
  });
  if (refusal) throw refusedFrom(refusal);
  const username = input.username.trim();
  if (await findMemberByUsername(deps.db, username)) throw refused(ErrorCode.AccountRegistered);
  const id = await insertMember(deps.db, {
    username,
    password_hash: await hashSecret(input.password),
    pay_password_hash: input.payPassword ? await hashSecret(input.payPassword) : null,
    nickname: username,
    phone: '',
    quhao: DEFAULT_QUHAO,
    lang: 'vi',
    invited_by: null,
    created_at: deps.clock(),
  });
  return { id, username };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

/** 8 characters without look-alikes (0/O, 1/I), so a code read aloud or from a screen works. */
export function randomInvitationCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export class OperatorInputError extends Error {}

/**
 * Text the operator sets that members see or the CLI prints (titles, notes, references, settings):
 * plain text only, as members' fields are (src/shared/validation/text.ts).
 */
export function checkOperatorText(what: string, value: string): string {
  if (!isPlainText(value)) {
    throw new OperatorInputError(`${what} holds control, format or separator characters: type plain text`);
  }
  return value;
}

export async function createInvitation(deps: Deps, code?: string): Promise<string> {
  const chosen = code?.trim() || randomInvitationCode();
  if (!INVITATION_CODE_PATTERN.test(chosen)) {
    throw new OperatorInputError('an invitation code is 4-32 letters or digits');
  }
  if (await invitationExists(deps.db, chosen)) throw new OperatorInputError(`invitation code ${chosen} already exists`);
  await insertInvitation(deps.db, chosen, deps.clock());
  return chosen;
}

/** The code the start banner prints: the oldest one still active. */
export async function currentInvitationCode(deps: Deps): Promise<string | null> {
  return (await firstActiveInvitation(deps.db)) ?? null;
}

export interface Deposit {
  username: string;
  cents: number;
  ref: string;
  note?: string;
}

/**
 * An operator's deposit: at most MAX_DEPOSIT_CENTS, and never past MAX_BALANCE_CENTS of balance
 * (src/shared/money.ts); either is refused with 1050 and changes nothing. A deposit past a deposit
 * limit the member set is refused with 3015 (domain/play/deposits.ts).
 */
export async function creditDeposit(deps: Deps, deposit: Deposit): Promise<BalanceChanged & { member: Member }> {
  if (!Number.isSafeInteger(deposit.cents) || deposit.cents <= 0 || deposit.cents > MAX_DEPOSIT_CENTS) {
    throw refused(ErrorCode.WrongAmount);
  }
  checkOperatorText('the reference', deposit.ref);
  if (deposit.note !== undefined) checkOperatorText('the note', deposit.note);
  const now = deps.clock();
  const done = await deps.db.transaction().execute(async (trx) => {
    const found = await findMemberByUsername(trx, deposit.username);
    if (!found) throw refused(ErrorCode.UserNotFound);
    // The member's deposit limits (3015), counted under the member's row lock.
    const member = (await lockMember(trx, deps.dialect, found.id)) ?? found;
    await checkDepositLimits(trx, member.id, deposit.cents, now);
    const changed = await changeBalance(trx, {
      memberId: member.id,
      deltaCents: deposit.cents,
      reason: FundReason.OperatorDeposit,
      reasonText: deposit.note ?? 'Operator deposit',
      refType: 'admin',
      refId: deposit.ref,
      insufficientCode: ErrorCode.WrongAmount,
      now,
    });
    if (changed.afterCents > MAX_BALANCE_CENTS) throw refused(ErrorCode.WrongAmount);
    return { ...changed, member };
  });
  await announce(deps, [
    balanceChanged(done.member.id, { ...done, deltaCents: deposit.cents, reason: FundReason.OperatorDeposit, now }),
  ]);
  return done;
}

export async function setFrozen(deps: Deps, username: string, frozen: boolean): Promise<Member> {
  const member = await findMemberByUsername(deps.db, username);
  if (!member) throw refused(ErrorCode.UserNotFound);
  await setMemberFrozen(deps.db, member.id, frozen);
  // Its sessions are refused from now on (1069): the live streams they opened end too.
  if (frozen) await announce(deps, sessionsEnded(await sessionHashesOf(deps.db, member.id)));
  return member;
}

/**
 * Sets a member's login password for one who forgot it and proved who they are to customer service:
 * the app's password rules apply, every session of the member ends (whoever used the old password
 * is logged out), and the lock of wrong tries is lifted.
 */
export async function resetLoginPassword(deps: Deps, username: string, password: string): Promise<Member> {
  const refusal = validateLoginPasswordChange({ old: 'operator', next: password, repeat: password });
  if (refusal) throw refusedFrom(refusal);
  const member = await findMemberByUsername(deps.db, username);
  if (!member) throw refused(ErrorCode.UserNotFound);
  await replaceLoginPassword(deps, member.id, password);
  return member;
}

/**
 * Lifts the locks of wrong tries (guards.ts, loginGuard.ts) for a member who asked customer
 * service: a lock of the password changes or the withdrawal password, an address locked for the
 * member's login, and the wait strangers' guesses put on new addresses. The secrets that had one.
 */
export async function unlockMember(deps: Deps, username: string): Promise<GuardedSecret[]> {
  const member = await findMemberByUsername(deps.db, username);
  if (!member) throw refused(ErrorCode.UserNotFound);
  const locked = await clearMemberGuards(deps.db, member.id, deps.clock());
  const loginHeld = await clearLoginGuards(deps.db, member.id, deps.clock());
  return loginHeld && !locked.includes('login') ? ['login', ...locked] : locked;
}

/** VIP level 1-8 (display only, SPEC.md section 6; VIP rooms read it, DESIGN.md section 4). */
export async function setLevel(
  deps: Deps,
  username: string,
  level: number,
): Promise<{ member: Member; before: number; after: number }> {
  if (!Number.isInteger(level) || level < 1 || level > VIP_LEVELS) {
    throw new OperatorInputError(`a level is a whole number from 1 to ${VIP_LEVELS}`);
  }
  const member = await findMemberByUsername(deps.db, username);
  if (!member) throw refused(ErrorCode.UserNotFound);
  await setMemberLevel(deps.db, member.id, level);
  return { member, before: member.level, after: level };
}
