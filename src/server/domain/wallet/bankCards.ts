/**
 * Saved withdrawal accounts (SPEC.md sections 2 Bank list, 3 Bank card, 5 Add bank card). A member
 * sees and deletes only their own. Codes the spec leaves open: more than MAX_BANK_CARDS live
 * accounts answers 1046 ("can be added once only", the catalogue's limit text); the same account
 * twice answers 3003 ("this account is already saved": the spec's 1047 says only that adding failed); an id that is not one of the member's live
 * accounts answers 1032 on delete, as on withdraw. Deleting an account with a pending withdrawal
 * is allowed: the withdrawal keeps its own copy of the destination. A new account receives no
 * withdrawal for NEW_ACCOUNT_HOLD_HOURS (withdraw.ts), and the member is told of it (addedAccounts).
 */
import type { AddBankCardRequest, AddedAccount, BankCard } from '../../../shared/api/types';
import { accountEnding } from '../../../shared/accountMask';
import { NEW_ACCOUNT_HOLD_HOURS } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { validateBankCard } from '../../../shared/validation/bankCard';
import type { BankCardRow } from '../../db/schema';
import {
  activeCardsOf,
  cardsEverAddedBy,
  activeFingerprintExists,
  countActiveCards,
  insertCard,
  softDeleteCard,
} from '../../repositories/bankCards';
import { lockMember } from '../../repositories/memberUpdates';
import { isUniqueViolation } from '../dbErrors';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { verifySecret } from '../secrets';
import { checkGuardedSecret, guesser } from '../accounts/guards';
import type { Authenticated } from '../accounts/sessions';

/** Live accounts per member. */
export const MAX_BANK_CARDS = 5;

const HOLD_MS = NEW_ACCOUNT_HOLD_HOURS * 60 * 60 * 1000;

/** From when an account can receive a withdrawal: NEW_ACCOUNT_HOLD_HOURS after it was added. */
export function availableFrom(row: Pick<BankCardRow, 'created_at'>): number {
  return row.created_at + HOLD_MS;
}

export function cardView(row: BankCardRow): BankCard {
  return {
    id: row.id,
    type: row.type,
    bank: row.bank,
    account: row.account,
    username: row.username,
    branch: row.branch,
    address: row.address,
    addedAt: row.created_at,
    availableAt: availableFrom(row),
  };
}

type CardFields = Omit<BankCard, 'id' | 'addedAt' | 'availableAt'>;

/** Only the fields of the chosen type are kept, trimmed; the others are empty. */
function cleanFields(input: AddBankCardRequest): CardFields {
  const trim = (value: string | undefined) => (value ?? '').trim();
  if (input.type === 'Bank') {
    return {
      type: input.type,
      bank: trim(input.bank),
      account: trim(input.account),
      username: trim(input.username),
      branch: trim(input.branch),
      address: '',
    };
  }
  return { type: input.type, bank: '', account: '', username: '', branch: '', address: trim(input.address) };
}

/**
 * What makes two accounts the same: the bank and account number typed with or without spaces,
 * dashes or capitals; an ERC20 address in any case (hex); a TRC20 address exactly (base58).
 */
export function cardFingerprint(card: CardFields): string {
  const squash = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');
  if (card.type === 'Bank') return `Bank|${squash(card.bank)}|${squash(card.account)}`;
  if (card.type === 'USDT-ERC20') return `${card.type}|${card.address.toLowerCase()}`;
  return `${card.type}|${card.address}`;
}

export async function listCards(deps: Deps, memberId: number): Promise<BankCard[]> {
  return (await activeCardsOf(deps.db, memberId)).map(cardView);
}

/**
 * Adds an account for whoever knows the withdrawal password (2057 when the member has none yet,
 * 1033 when wrong, counted toward its limit): a stolen session alone cannot add where the money
 * would go. Checked before the limit and the duplicate, so those say nothing to a stranger.
 */
export async function addCard(deps: Deps, auth: Authenticated, input: AddBankCardRequest): Promise<BankCard> {
  const { member } = auth;
  const refusal = validateBankCard(input);
  if (refusal) throw refusedFrom(refusal);
  const stored = member.pay_password_hash;
  if (stored === null) throw refused(ErrorCode.WithdrawPasswordEmpty);
  const pwd = input.pwd ?? '';
  await checkGuardedSecret(
    deps,
    guesser(auth),
    'pay',
    () => verifySecret(pwd, stored, 'trusted'),
    ErrorCode.PaymentPasswordWrong,
  );
  const memberId = member.id;
  const fields = cleanFields(input);
  const fingerprint = cardFingerprint(fields);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Two adds of one member take turns, so the limit holds under a double tap too.
      await lockMember(trx, deps.dialect, memberId);
      if ((await countActiveCards(trx, memberId)) >= MAX_BANK_CARDS) throw refused(ErrorCode.AddOnceOnly);
      if (await activeFingerprintExists(trx, memberId, fingerprint)) throw refused(ErrorCode.AccountAlreadySaved);
      const row = await insertCard(trx, {
        member_id: memberId,
        ...fields,
        fingerprint,
        created_at: deps.clock(),
        deleted_at: null,
      });
      return cardView(row);
    });
  } catch (error) {
    // The partial unique index caught a duplicate the check above could not see yet.
    if (isUniqueViolation(error)) throw refused(ErrorCode.AccountAlreadySaved);
    throw error;
  }
}

export async function deleteCard(deps: Deps, memberId: number, cardId: number): Promise<void> {
  if (!(await softDeleteCard(deps.db, memberId, cardId, deps.clock()))) throw refused(ErrorCode.BankCardNotFound);
}

/** More than a member adds in a long while; the messages page shows the latest. */
const MAX_ADDED_LISTED = 50;

/** Every account the member added, newest first, deleted ones too: each addition is a message to the member. */
export async function addedAccounts(deps: Deps, memberId: number): Promise<AddedAccount[]> {
  const rows = await cardsEverAddedBy(deps.db, memberId, MAX_ADDED_LISTED);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    ending: accountEnding(row),
    addedAt: row.created_at,
    availableAt: availableFrom(row),
    removedAt: row.deleted_at,
  }));
}
