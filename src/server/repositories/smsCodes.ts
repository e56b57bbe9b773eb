/** Queries on sent verification codes. */
import type { Db, SmsPurpose } from '../db/schema';

export interface SmsCodeRow {
  id: number;
  code: string;
  sent_at: number;
  expires_at: number;
  used: number;
}

export function latestSmsCode(
  db: Db,
  quhao: string,
  phone: string,
  purpose: SmsPurpose = 'register',
): Promise<SmsCodeRow | undefined> {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code', 'sent_at', 'expires_at', 'used'])
    .where('quhao', '=', quhao)
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSmsCode(
  db: Db,
  row: { quhao: string; phone: string; code: string; sent_at: number; expires_at: number; purpose?: SmsPurpose },
): Promise<number> {
  const inserted = await db.insertInto('sms_codes').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Forgets a code that never reached its number. */
export async function deleteSmsCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/** Marks a code used; false when it already was (a concurrent registration took it). */
export async function consumeSmsCode(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used: 1 })
    .where('id', '=', id)
    .where('used', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Wrong tries at the unused codes of one purpose sent to a number since `since`: the number
 * belongs to one member, so this limits guessing at that member's code however many are asked for.
 */
export async function codeFailuresSince(
  db: Db,
  quhao: string,
  phone: string,
  purpose: SmsPurpose,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.sum<number | string | null>('failures').as('failures'))
    .where('quhao', '=', quhao)
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used', '=', 0)
    .where('sent_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}
