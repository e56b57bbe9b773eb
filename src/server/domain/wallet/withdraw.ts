/**
 * A withdrawal request (SPEC.md sections 3 Withdraw form, 5 Withdraw; DESIGN.md sections 3, 4).
 * The money moves to held at request time: one transaction inserts the withdrawal (with a copy of
 * its destination) and makes ONE conditional debit through the ledger (reason withdraw, ref the
 * withdrawal); the operator later pays or rejects it (operatorWithdrawals.ts).
 *
 * Codes, in the order they are checked: 2058 no account (bank_id missing, empty or null); 1050 an
 * amount that is not above 0 with at most two decimals; 2057 an empty withdrawal password, or none set yet; 1032 an account
 * that is not one of the member's live ones; 1033 a wrong withdrawal password (3001 once it is
 * locked after too many wrong ones, domain/accounts/guards.ts); 3007 an account added less than
 * NEW_ACCOUNT_HOLD_HOURS ago (data.availableAt, and the time in the text); 3011 an address saved
 * before the checksums were checked that fails them (savedAccountDefect); 1064 turnover still
 * owed; 1048 the daily maximum reached (requests of the UTC+8 day that were neither rejected nor
 * cancelled; the text names the maximum, {n});
 * 1025 more than the balance; 1069 frozen (403 at the session check, 1069 if frozen meanwhile);
 * 1001 an idempotency key reused with another destination or amount. A key replayed with the same
 * destination and amount answers the first answer once the password is checked again (1033 if wrong).
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '../../../shared/errors';
import { savedAccountDefect } from '../../../shared/validation/bankCard';
import { validateWithdraw } from '../../../shared/validation/wallet';
import type { BankCardRow, Member } from '../../db/schema';
import { activeCardOf } from '../../repositories/bankCards';
import { lockMember } from '../../repositories/memberUpdates';
import { WithdrawRefusalState } from '../../db/migrations/0026_withdraw_function';
import {
  countLiveWithdrawals,
  holdWithdrawalOnPostgres,
  insertWithdrawal,
  withdrawalByKey,
} from '../../repositories/withdrawals';
import { isUniqueViolation } from '../dbErrors';
import type { Deps } from '../deps';
import { FundReason, WITHDRAWAL_REF } from '../fundReasons';
import { dayNumber, dayStart } from '../game/timing';
import { changeBalance } from '../ledger';
import { announce, balanceChanged } from '../live/news';
import { Refused, refused, refusedFrom } from '../refused';
import { hashSecret, needsRehash, verifySecret } from '../secrets';
import { checkGuardedSecret, guesser } from '../accounts/guards';
import type { Authenticated } from '../accounts/sessions';
import { upgradePasswordHash } from '../../repositories/members';
import { availableFrom } from './bankCards';
import { ORDER_STAKE, turnoverRemainingCents } from './turnover';
import { readWalletSettings } from './walletSettings';

export interface WithdrawInput {
  bankId: number | null;
  /** USD as sent (a number, or text a form-encoded client sent). */
  money: number | null;
  pwd: string;
  idempotencyKey?: string;
}

/** What a success answers (the contract: data === 1). */
export const WITHDRAW_ACCEPTED = 1;

/** Destination and amount only: the password never goes into a stored hash. */
function requestHash(cardId: number, cents: number): string {
  return createHash('sha256')
    .update(JSON.stringify(['withdraw', cardId, cents]))
    .digest('hex');
}

/** True when this key already made this withdrawal; refused when it made another one. */
async function replayed(deps: Deps, memberId: number, key: string, hash: string): Promise<boolean> {
  const earlier = await withdrawalByKey(deps.db, memberId, key);
  if (!earlier) return false;
  if (earlier.request_hash !== hash) throw refused(ErrorCode.IncompleteParameters);
  return true;
}

async function hold(deps: Deps, member: Member, card: BankCardRow, cents: number, key: string | null, hash: string) {
  if (deps.dialect === 'postgres') return holdOnPostgres(deps, member, card, cents, key, hash);
  const { held, now } = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    // Requests of one member take turns from here, so the daily count cannot be raced past.
    await lockMember(trx, deps.dialect, member.id);
    const settings = await readWalletSettings(trx);
    if ((await turnoverRemainingCents(trx, member.id, settings.turnoverHundredths)) > 0) {
      throw refused(ErrorCode.InsufficientTurnover);
    }
    const today = dayNumber(now);
    const requestsToday = await countLiveWithdrawals(trx, member.id, dayStart(today), dayStart(today + 1));
    if (requestsToday >= settings.maxWithdrawalsPerDay) {
      throw refused(ErrorCode.OnceOnlyContactService, { n: settings.maxWithdrawalsPerDay });
    }
    const id = await insertWithdrawal(trx, withdrawalRow(member, card, cents, key, hash, now));
    const held = await changeBalance(trx, {
      memberId: member.id,
      deltaCents: -cents,
      reason: FundReason.Withdraw,
      refType: WITHDRAWAL_REF,
      refId: String(id),
      insufficientCode: ErrorCode.WithdrawOverLimit,
      requireActive: true,
      now,
    });
    return { held, now };
  });
  await announce(deps, [balanceChanged(member.id, { ...held, deltaCents: -cents, reason: FundReason.Withdraw, now })]);
}

/**
 * PostgreSQL: the same steps in one round trip (migration 0026's hold_withdrawal, which locks,
 * counts and writes in this order), its refusals turned into the ones above. The settings are read
 * first, as the figures it is called with.
 */
async function holdOnPostgres(
  deps: Deps,
  member: Member,
  card: BankCardRow,
  cents: number,
  key: string | null,
  hash: string,
): Promise<void> {
  const settings = await readWalletSettings(deps.db);
  const now = deps.clock();
  const today = dayNumber(now);
  let held: { afterCents: number };
  try {
    held = await holdWithdrawalOnPostgres(deps.db, {
      row: withdrawalRow(member, card, cents, key, hash, now),
      dayFrom: dayStart(today),
      dayTo: dayStart(today + 1),
      maxPerDay: settings.maxWithdrawalsPerDay,
      turnoverHundredths: settings.turnoverHundredths,
      depositReason: FundReason.OperatorDeposit,
      stake: ORDER_STAKE,
      reason: FundReason.Withdraw,
      refType: WITHDRAWAL_REF,
    });
  } catch (error) {
    switch ((error as { code?: unknown } | null)?.code) {
      case WithdrawRefusalState.turnover:
        throw refused(ErrorCode.InsufficientTurnover);
      case WithdrawRefusalState.dailyMaximum:
        throw refused(ErrorCode.OnceOnlyContactService, { n: settings.maxWithdrawalsPerDay });
      case WithdrawRefusalState.notEnoughMoney:
        throw refused(ErrorCode.WithdrawOverLimit);
      case WithdrawRefusalState.frozen:
        throw refused(ErrorCode.AccountFrozen);
      default:
        throw error;
    }
  }
  await announce(deps, [
    balanceChanged(member.id, { afterCents: held.afterCents, deltaCents: -cents, reason: FundReason.Withdraw, now }),
  ]);
}

/** The withdrawal as stored: a copy of its destination as it is now, waiting for the operator. */
function withdrawalRow(
  member: Member,
  card: BankCardRow,
  cents: number,
  key: string | null,
  hash: string,
  now: number,
) {
  return {
    member_id: member.id,
    card_id: card.id,
    card_type: card.type,
    card_bank: card.bank,
    card_account: card.account,
    card_username: card.username,
    card_branch: card.branch,
    card_address: card.address,
    amount_cents: cents,
    idem_key: key,
    request_hash: hash,
    created_at: now,
    decided_at: null,
  };
}

/**
 * The withdrawal password: 2057 when none is set yet; scrypt, compared in constant time
 * (secrets.ts), before any lock is taken; counted per session and per member (1033, then 3001).
 */
async function checkPayPassword(deps: Deps, auth: Authenticated, pwd: string): Promise<void> {
  const { member } = auth;
  const stored = member.pay_password_hash;
  if (stored === null) throw refused(ErrorCode.WithdrawPasswordEmpty);
  await checkGuardedSecret(
    deps,
    guesser(auth),
    'pay',
    () => verifySecret(pwd, stored, 'trusted'),
    ErrorCode.PaymentPasswordWrong,
  );
  if (needsRehash(stored)) {
    await upgradePasswordHash(deps.db, member.id, 'pay_password_hash', stored, await hashSecret(pwd, 'trusted'));
  }
}

export async function requestWithdrawal(deps: Deps, auth: Authenticated, input: WithdrawInput): Promise<1> {
  const { member } = auth;
  // Without an account nothing else can be judged (SPEC.md section 5: "account must be chosen").
  if (input.bankId === null) throw refused(ErrorCode.SelectWithdrawMethod);
  // The form's rules, as the app checks them; the balance is the conditional debit's to decide.
  const verdict = validateWithdraw({
    amount: input.money === null ? '' : String(input.money),
    bankId: input.bankId,
    pwd: input.pwd,
    leftMoney: Number.MAX_SAFE_INTEGER,
  });
  if ('refusal' in verdict) throw refusedFrom(verdict.refusal);
  const cents = verdict.cents;
  const cardId = input.bankId;
  const key = input.idempotencyKey ?? null;
  const hash = requestHash(cardId, cents);
  // A replay answers the first answer only to whoever knows the password, like the first request.
  if (key !== null && (await replayed(deps, member.id, key, hash))) {
    await checkPayPassword(deps, auth, input.pwd);
    return WITHDRAW_ACCEPTED;
  }

  const card = await activeCardOf(deps.db, member.id, cardId);
  if (!card) throw refused(ErrorCode.BankCardNotFound);
  await checkPayPassword(deps, auth, input.pwd);
  const defect = savedAccountDefect(card);
  if (defect) throw refusedFrom(defect);
  const availableAt = availableFrom(card);
  if (availableAt > deps.clock()) {
    throw new Refused(
      ErrorCode.AccountOnHold,
      ErrorCode.AccountOnHold,
      { time: { epochMs: availableAt } },
      { availableAt },
    );
  }

  try {
    await hold(deps, member, card, cents, key, hash);
  } catch (error) {
    // The same key sent twice at once: the unique index kept the first; answer as it did.
    if (key !== null && isUniqueViolation(error) && (await replayed(deps, member.id, key, hash))) {
      return WITHDRAW_ACCEPTED;
    }
    throw error;
  }
  return WITHDRAW_ACCEPTED;
}
