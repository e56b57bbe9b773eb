/** Helpers for the wallet tests: members with a withdrawal password, accounts, withdrawals, ledger snapshots. */
import { ApiPath } from '../../../src/shared/api/paths';
import { NEW_ACCOUNT_HOLD_HOURS } from '../../../src/shared/constants';
import type { AddBankCardRequest, BankCard, FundLogEntry, LeftMoneyAnswer } from '../../../src/shared/api/types';
import { runAdmin } from '../../../src/server/admin/commands';
import type { FundLogRow } from '../../../src/server/db/schema';
import { creditDeposit } from '../../../src/server/domain/operator';
import { registerMember } from './members';
import type { ApiResult, TestServer } from './server';
import type { Player } from './game';

export const PAY_PASSWORD = '246810';
/** Well-formed addresses of each network (format only; nobody owns them). */
export const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
export const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** An account's own fields; the withdrawal password is added by addCard unless given. */
export type CardFields = Omit<AddBankCardRequest, 'pwd'> & { pwd?: string };

export const BANK: CardFields = {
  type: 'Bank',
  bank: 'Vietcombank',
  account: '0071 0012 3456',
  username: 'Nguyen Van A',
  branch: 'Ha Noi',
};

/** A registered member with a withdrawal password, credited `usd` through the ledger (a deposit) when > 0. */
export async function walletMember(server: TestServer, usd = 0, options: { payPwd?: string | null } = {}) {
  const payPwd = options.payPwd === null ? undefined : (options.payPwd ?? PAY_PASSWORD);
  const member = await registerMember(server, { payPwd, lang: 'en' });
  const row = await server.deps.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', member.username)
    .executeTakeFirstOrThrow();
  if (usd > 0)
    await creditDeposit(server.deps, { username: member.username, cents: Math.round(usd * 100), ref: 'test' });
  return { ...member, id: row.id } satisfies Player;
}

export function call<T>(server: TestServer, path: string, token: string, body: Record<string, unknown> = {}) {
  return server.call<T>(path, { lang: 'en', token, ...body });
}

/**
 * Adds an account with the withdrawal password (PAY_PASSWORD unless the card names one) and, unless
 * `fresh`, dates it back past the hold of a new account, so it can receive a withdrawal at once.
 */
export async function addCard(
  server: TestServer,
  token: string,
  card: CardFields = BANK,
  options: { fresh?: boolean } = {},
): Promise<BankCard> {
  const answer = await call<BankCard>(server, ApiPath.addBankCard, token, { pwd: PAY_PASSWORD, ...card });
  if (answer.body.code !== 1) throw new Error(`addbankcard refused: ${JSON.stringify(answer.body)}`);
  if (options.fresh) return answer.body.data;
  await ageCard(server, answer.body.data.id);
  const { addedAt, availableAt } = await cardTimes(server, answer.body.data.id);
  return { ...answer.body.data, addedAt, availableAt };
}

/** Moves an account's creation back past the hold of a new account, as if it had been added a day ago. */
export async function ageCard(server: TestServer, cardId: number): Promise<void> {
  const holdMs = NEW_ACCOUNT_HOLD_HOURS * 3600_000;
  await server.deps.db
    .updateTable('bank_cards')
    .set((eb) => ({ created_at: eb('created_at', '-', holdMs) }))
    .where('id', '=', cardId)
    .execute();
}

async function cardTimes(server: TestServer, cardId: number): Promise<{ addedAt: number; availableAt: number }> {
  const row = await server.deps.db
    .selectFrom('bank_cards')
    .select('created_at')
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  return { addedAt: row.created_at, availableAt: row.created_at + NEW_ACCOUNT_HOLD_HOURS * 3600_000 };
}

/** Loosely typed on purpose: tests send ids and amounts as text, and fields of the wrong kind. */
export function withdraw(server: TestServer, token: string, body: Record<string, unknown>): Promise<ApiResult<number>> {
  return call<number>(server, ApiPath.withdraw, token, body);
}

export async function leftMoney(server: TestServer, token: string): Promise<LeftMoneyAnswer> {
  const answer = await call<LeftMoneyAnswer>(server, ApiPath.leftMoney, token);
  if (answer.body.code !== 1) throw new Error(`getLeftmoney refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function financeFlow(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
): Promise<ApiResult<FundLogEntry[]>> {
  return call<FundLogEntry[]>(server, ApiPath.financeFlow, token, body);
}

export interface Ledger {
  balance: number;
  rows: FundLogRow[];
  withdrawals: number;
  cards: number;
}

/** Everything a refused request must leave as it was. */
export async function ledgerOf(server: TestServer, memberId: number): Promise<Ledger> {
  const db = server.deps.db;
  const [member, rows, withdrawals, cards] = await Promise.all([
    db.selectFrom('members').select('money_cents').where('id', '=', memberId).executeTakeFirstOrThrow(),
    db.selectFrom('fund_log').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
    db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId).execute(),
    db.selectFrom('bank_cards').selectAll().where('member_id', '=', memberId).execute(),
  ]);
  return {
    balance: member.money_cents,
    rows,
    withdrawals: withdrawals.length,
    cards: cards.filter((c) => c.deleted_at === null).length,
  };
}

/** Sets an operator setting the way the operator does (admin settings:set); throws when refused. */
export async function setSetting(server: TestServer, key: string, value: string): Promise<void> {
  const err: string[] = [];
  const code = await runAdmin(['settings:set', key, value], {
    env: server.database.env,
    out: () => undefined,
    err: (line) => err.push(line),
  });
  if (code !== 0) throw new Error(`settings:set ${key} ${value} failed: ${err.join('\n')}`);
}
