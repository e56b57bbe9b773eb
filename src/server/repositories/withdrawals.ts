/**
 * Queries on withdrawals. A status leaves 'pending' only through a guarded update
 * (`WHERE status = 'pending'`), so a withdrawal is paid once or rejected once, never both.
 */
import { sql, type Insertable } from 'kysely';
import type { WithdrawalStatus } from '../../shared/api/types';
import type { Db, WithdrawalRow, WithdrawalsTable } from '../db/schema';

export async function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>): Promise<number> {
  const inserted = await db.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** What hold_withdrawal (migration 0026) is called with: the withdrawal's row and the rules' figures. */
export interface PostgresHold {
  row: Insertable<WithdrawalsTable>;
  dayFrom: number;
  dayTo: number;
  maxPerDay: number;
  turnoverHundredths: number;
  depositReason: string;
  stake: { reason: string; refType: string };
  reason: string;
  refType: string;
}

/**
 * PostgreSQL: a withdrawal's hold in one round trip (migration 0026's hold_withdrawal); rejects
 * with the function's SQLSTATE (WithdrawRefusalState), or 23505 for a reused key, changing nothing.
 */
export async function holdWithdrawalOnPostgres(
  db: Db,
  hold: PostgresHold,
): Promise<{ withdrawalId: number; afterCents: number; fundLogId: number }> {
  const { row } = hold;
  const { rows } = await sql<{ withdrawal_id: number; balance_after: number; fund_row: number }>`
    SELECT * FROM hold_withdrawal(
      ${row.member_id}, ${row.card_id}, ${row.card_type}, ${row.card_bank}, ${row.card_account},
      ${row.card_username}, ${row.card_branch}, ${row.card_address},
      ${row.amount_cents}, ${row.idem_key ?? null}, ${row.request_hash ?? null}, ${row.created_at},
      ${hold.dayFrom}, ${hold.dayTo}, ${hold.maxPerDay}, ${hold.turnoverHundredths},
      ${hold.depositReason}, ${hold.stake.reason}, ${hold.stake.refType}, ${hold.reason}, ${hold.refType})`.execute(db);
  const [answer] = rows;
  return {
    withdrawalId: Number(answer.withdrawal_id),
    afterCents: Number(answer.balance_after),
    fundLogId: Number(answer.fund_row),
  };
}

export function withdrawalByKey(db: Db, memberId: number, key: string): Promise<WithdrawalRow | undefined> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/** A member's withdrawals of these ids (the fund log's detail). */
export function memberWithdrawalsByIds(db: Db, memberId: number, ids: readonly number[]): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId).where('id', 'in', ids).execute();
}

export function withdrawalById(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Withdrawals of a member created in [fromMs, toMs) that were neither rejected nor cancelled. */
export async function countLiveWithdrawals(db: Db, memberId: number, fromMs: number, toMs: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', fromMs)
    .where('created_at', '<', toMs)
    .where('status', 'not in', ['rejected', 'cancelled'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Cents of the member's withdrawals still waiting for the operator (held out of the balance). */
export async function pendingWithdrawalCents(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * How many of the member's withdrawals the operator paid or rejected after `since` (epoch ms). One
 * the member cancelled is no news to them, so it is not counted.
 */
export async function countDecidedSince(db: Db, memberId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', 'in', ['paid', 'rejected'])
    .where('decided_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's withdrawals, newest first, older than `before` when given. */
export function memberWithdrawals(
  db: Db,
  memberId: number,
  page: { before?: number; limit: number },
): Promise<WithdrawalRow[]> {
  let query = db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export interface WithdrawalListRow extends WithdrawalRow {
  username: string;
}

function withMember(db: Db) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('members', 'members.id', 'withdrawals.member_id')
    .selectAll('withdrawals')
    .select('members.username');
}

export function listWithdrawals(db: Db, status?: WithdrawalStatus): Promise<WithdrawalListRow[]> {
  return withMember(db)
    .$if(status !== undefined, (q) => q.where('withdrawals.status', '=', status!))
    .orderBy('withdrawals.id')
    .execute();
}

export function withdrawalWithMember(db: Db, id: number): Promise<WithdrawalListRow | undefined> {
  return withMember(db).where('withdrawals.id', '=', id).executeTakeFirst();
}

/** pending -> paid or rejected; false when it was no longer pending (decided or cancelled already, or missing). */
export async function decidePending(
  db: Db,
  id: number,
  decision: { status: 'paid' | 'rejected'; now: number; note: string },
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({ status: decision.status, decided_at: decision.now, note: decision.note })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** pending -> cancelled, only the member's own; false when it was not that member's pending withdrawal. */
export async function cancelPending(db: Db, memberId: number, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({ status: 'cancelled', decided_at: now })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function allWithdrawals(db: Db): Promise<WithdrawalRow[]> {
  return db.selectFrom('withdrawals').selectAll().orderBy('id').execute();
}
