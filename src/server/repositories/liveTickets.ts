/** Queries on the tickets that open live streams (domain/live/tickets.ts). */
import type { Db } from '../db/schema';

export async function insertTicket(
  db: Db,
  row: { ticket_hash: string; member_id: number; session_hash: string; expires_at: number },
): Promise<void> {
  await db.insertInto('live_tickets').values(row).execute();
}

/**
 * Takes a ticket: deletes it and answers whose it was, if it was there and not expired. One
 * statement, so two streams opened with one ticket at the same moment (at two instances) get it once.
 */
export async function takeTicket(
  db: Db,
  ticketHash: string,
  now: number,
): Promise<{ member_id: number; session_hash: string } | undefined> {
  return db
    .deleteFrom('live_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', now)
    .returning(['member_id', 'session_hash'])
    .executeTakeFirst();
}

/**
 * Keeps the newest `keep` tickets a session holds and deletes the rest (and its expired ones):
 * however often a session asks, it holds a bounded number of rows.
 */
export async function trimSessionTickets(db: Db, sessionHash: string, now: number, keep: number): Promise<void> {
  const newest = db
    .selectFrom('live_tickets')
    .select('ticket_hash')
    .where('session_hash', '=', sessionHash)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .limit(keep);
  await db
    .deleteFrom('live_tickets')
    .where('session_hash', '=', sessionHash)
    .where('ticket_hash', 'not in', newest)
    .execute();
}

export async function deleteExpiredTickets(db: Db, now: number): Promise<void> {
  await db.deleteFrom('live_tickets').where('expires_at', '<=', now).execute();
}
