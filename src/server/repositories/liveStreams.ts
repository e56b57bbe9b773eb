/** Queries on the open live streams of every instance (migrations/0019_live_streams.ts). */
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/schema';

export interface StreamCaps {
  maxPerMember: number;
  maxPerAddress: number;
}

/** Advisory lock spaces of PostgreSQL (two-key form): a member's streams, an address's streams. */
const MEMBER_LOCKS = 7101;
const ADDRESS_LOCKS = 7102;

/**
 * Takes a row for a stream about to open, unless the member or the address holds as many live
 * rows as its cap: its id, or null when refused. Counting and inserting are one step for every
 * instance at once: on SQLite the transaction holds the write lock from its start; on PostgreSQL
 * it first takes the member's, then the address's advisory lock (always in that order, so two
 * reservations never wait on each other in a circle).
 */
export async function reserveStream(
  db: Db,
  dialect: Dialect,
  row: { instance: string; memberId: number; address: string; now: number; expiresAt: number },
  caps: StreamCaps,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${MEMBER_LOCKS}, ${row.memberId})`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCKS}, hashtext(${row.address}))`.execute(trx);
    }
    const taken = await sql<{ id: number }>`
      INSERT INTO live_streams (instance, member_id, address, expires_at)
      SELECT ${row.instance}, ${row.memberId}, ${row.address}, ${row.expiresAt}
      WHERE (SELECT count(*) FROM live_streams WHERE member_id = ${row.memberId} AND expires_at > ${row.now}) < ${caps.maxPerMember}
        AND (SELECT count(*) FROM live_streams WHERE address = ${row.address} AND expires_at > ${row.now}) < ${caps.maxPerAddress}
      RETURNING id`.execute(trx);
    return taken.rows[0] ? Number(taken.rows[0].id) : null;
  });
}

export async function releaseStream(db: Db, id: number): Promise<void> {
  await db.deleteFrom('live_streams').where('id', '=', id).execute();
}

/** The instance is alive: its rows count until `expiresAt`. */
export async function renewStreams(db: Db, instance: string, expiresAt: number): Promise<void> {
  await db.updateTable('live_streams').set({ expires_at: expiresAt }).where('instance', '=', instance).execute();
}

/** Rows of instances that stopped renewing them (a crash), and of this one at shutdown. */
export async function deleteExpiredStreams(db: Db, now: number): Promise<void> {
  await db.deleteFrom('live_streams').where('expires_at', '<=', now).execute();
}

export async function deleteInstanceStreams(db: Db, instance: string): Promise<void> {
  await db.deleteFrom('live_streams').where('instance', '=', instance).execute();
}
