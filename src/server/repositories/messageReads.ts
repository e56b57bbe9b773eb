/** Queries on the members' read markers of the messages about their account (migration 0015). */
import type { Db } from '../db/schema';

/** Epoch ms up to which the member has read; null when the member never has. */
export async function readUpToOf(db: Db, memberId: number): Promise<number | null> {
  const row = await db
    .selectFrom('message_reads')
    .select('read_up_to')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? Number(row.read_up_to) : null;
}

/**
 * Moves the marker forward to `upTo`, never back: two devices marking at once, or an old request
 * arriving late, leave the later of the two.
 */
export async function advanceReadUpTo(db: Db, memberId: number, upTo: number): Promise<void> {
  await db
    .insertInto('message_reads')
    .values({ member_id: memberId, read_up_to: upTo })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet((eb) => ({ read_up_to: eb.ref('excluded.read_up_to') }))
        .whereRef('message_reads.read_up_to', '<', 'excluded.read_up_to'),
    )
    .execute();
}
