/** The lease row that decides which server process drives the rounds. */
import type { Db } from '../db/schema';

/** Takes or renews the lease: only when free, expired, or already ours. */
export async function acquireLease(db: Db, name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const result = await db
    .updateTable('scheduler_lease')
    .set({ holder, expires_at: now + ttlMs })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .updateTable('scheduler_lease')
    .set({ expires_at: 0 })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

export async function leaseHolder(db: Db, name: string, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('scheduler_lease')
    .select(['holder', 'expires_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && row.expires_at > now ? row.holder : null;
}

/** Takes the lease from a holder known to be gone, unless someone else took it meanwhile. */
export async function takeOverLease(
  db: Db,
  name: string,
  from: string,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('scheduler_lease')
    .set({ holder, expires_at: now + ttlMs })
    .where('name', '=', name)
    .where('holder', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
