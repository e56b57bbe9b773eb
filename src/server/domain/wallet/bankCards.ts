/**
 * Saved withdrawal accounts (SPEC.md sections 2 Bank list, 3 Bank card, 5 Add bank card). A member
 * sees and deletes only their own. Codes the spec leaves open: more than MAX_BANK_CARDS live
 * accounts answers 1046 ("can be added once only", the catalogue's limit text); the same account
 * twice answers 3003 ("this account is already saved": the spec's 1047 says only that adding failed); an id that is not one of the member's live
 * accounts answers 1032 on delete, as on withdraw. Deleting an account with a pending withdrawal
 * is allowed: the withdrawal keeps its own copy of the destination.
 */
import type { AddBankCardRequest, BankCard } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { validateBankCard } from '../../../shared/validation/wallet';
import type { BankCardRow } from '../../db/schema';
import {
  activeCardsOf,
  activeFingerprintExists,
  countActiveCards,
  insertCard,
  softDeleteCard,
} from '../../repositories/bankCards';
import { lockMember } from '../../repositories/memberUpdates';
import { isUniqueViolation } from '../dbErrors';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';

/** Live accounts per member. */
export const MAX_BANK_CARDS = 5;

export function cardView(row: BankCardRow): BankCard {
  return {
    id: row.id,
    type: row.type,
    bank: row.bank,
    account: row.account,
    username: row.username,
    branch: row.branch,
    address: row.address,
  };
}

type CardFields = Omit<BankCard, 'id'>;

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

export async function addCard(deps: Deps, memberId: number, input: AddBankCardRequest): Promise<BankCard> {
  const refusal = validateBankCard(input);
  if (refusal) throw refusedFrom(refusal);
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
