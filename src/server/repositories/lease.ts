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
