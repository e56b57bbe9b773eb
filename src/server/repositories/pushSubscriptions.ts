/** Queries of members' Web Push subscriptions (domain/push): one per session, gone with it. */
import type { Insertable } from 'kysely';
import type { Db, PushSubscriptionRow, PushSubscriptionsTable } from '../db/schema';

/** Ids of members asked about at once: a draw's news lists thousands. */
const CHUNK = 500;

/**
 * The session's subscription, replacing the one it had and any other session's of the same
 * endpoint (a device that logged in again); its id.
 */
export async function putSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('push_subscriptions')
      .where((eb) => eb.or([eb('session_hash', '=', row.session_hash), eb('endpoint', '=', row.endpoint)]))
      .execute();
    const inserted = await trx.insertInto('push_subscriptions').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  });
}

/** A member's subscription by id (the security page), or the session's when `id` is undefined; whether one went. */
export async function deleteSubscription(
  db: Db,
  memberId: number,
  which: { id: number } | { sessionHash: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('member_id', '=', memberId)
    .where((eb) => ('id' in which ? eb('id', '=', which.id) : eb('session_hash', '=', which.sessionHash)))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A push service said the subscription is gone (404 or 410). */
export async function deleteSubscriptionAt(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** Every subscription (a new VAPID key: no device can take pushes signed with it). */
export async function deleteAllSubscriptions(db: Db): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The subscriptions of these members. */
export async function subscriptionsOf(db: Db, memberIds: readonly number[]): Promise<PushSubscriptionRow[]> {
  const rows: PushSubscriptionRow[] = [];
  for (let at = 0; at < memberIds.length; at += CHUNK) {
    const chunk = memberIds.slice(at, at + CHUNK);
    rows.push(...(await db.selectFrom('push_subscriptions').selectAll().where('member_id', 'in', chunk).execute()));
  }
  return rows;
}

/** A round's stake and award of these members (round_results), by member. */
export async function roundNets(
  db: Db,
  roundId: number,
  memberIds: readonly number[],
): Promise<Map<number, { stakeCents: number; awardCents: number }>> {
  const nets = new Map<number, { stakeCents: number; awardCents: number }>();
  for (let at = 0; at < memberIds.length; at += CHUNK) {
    const rows = await db
      .selectFrom('round_results')
      .select(['member_id', 'stake_cents', 'award_cents'])
      .where('round_id', '=', roundId)
      .where('member_id', 'in', memberIds.slice(at, at + CHUNK))
      .execute();
    for (const row of rows) {
      nets.set(row.member_id, { stakeCents: Number(row.stake_cents), awardCents: Number(row.award_cents) });
    }
  }
  return nets;
}
