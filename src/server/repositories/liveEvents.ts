/** Queries on the live events (migration 0017; domain/live/). */
import { sql } from 'kysely';
import type { Db } from '../db/schema';

export interface StoredLiveEvent {
  id: number;
  channel: string;
  payload: string;
}

export interface NewLiveEvent {
  channel: string;
  payload: string;
}

/** The PostgreSQL channel the instances LISTEN on. */
export const PG_LIVE_CHANNEL = 'live_events';

/** Any fixed number: the transaction-level advisory lock that numbers events in commit order. */
const NUMBERING_LOCK = 0x11_7e_e7;

/**
 * Stores events and tells every instance, in one statement (PostgreSQL). The advisory lock, held
 * from before the ids are drawn until the commit, makes ids follow commit order, so a reader that
 * has seen id n has seen everything before it; NOTIFY is delivered at commit, in commit order.
 * The notification names the batch's ids (`first last`) and, when `inline` is given (small batches),
 * carries the events too; a listener reads a batch without them from the table.
 */
export async function insertAndNotify(
  db: Db,
  events: readonly NewLiveEvent[],
  now: number,
  inline: string | null,
): Promise<{ first: number; last: number }> {
  const channels = events.map((event) => event.channel);
  const payloads = events.map((event) => event.payload);
  const { rows } = await sql<{ first: number; last: number }>`
    WITH numbering AS (SELECT pg_advisory_xact_lock(${sql.lit(NUMBERING_LOCK)})),
    inserted AS (
      INSERT INTO live_events (channel, payload, created_at)
      SELECT batch.channel, batch.payload, ${now}::bigint
      FROM numbering, unnest(${channels}::text[], ${payloads}::text[]) WITH ORDINALITY AS batch(channel, payload, n)
      ORDER BY batch.n
      RETURNING id
    ),
    range AS (SELECT min(id) AS first, max(id) AS last FROM inserted)
    SELECT first, last,
      pg_notify(${PG_LIVE_CHANNEL}, first || ' ' || last || coalesce(' ' || ${inline}::text, ''))
    FROM range`.execute(db);
  const range = rows[0];
  return { first: Number(range.first), last: Number(range.last) };
}

/** Stores events for the server to take in (SQLite: the admin command's, in another process). */
export async function insertEvents(db: Db, events: readonly NewLiveEvent[], now: number): Promise<void> {
  await db
    .insertInto('live_events')
    .values(events.map((event) => ({ ...event, created_at: now })))
    .execute();
}

/** Events after `afterId` (all channels, or those named), oldest first. */
export function eventsAfter(
  db: Db,
  afterId: number,
  limit: number,
  channels?: readonly string[],
): Promise<StoredLiveEvent[]> {
  return db
    .selectFrom('live_events')
    .select(['id', 'channel', 'payload'])
    .where('id', '>', afterId)
    .$if(channels !== undefined, (q) => q.where('channel', 'in', channels!))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Events with ids from `first` to `last`, oldest first. */
export function eventsBetween(db: Db, first: number, last: number): Promise<StoredLiveEvent[]> {
  return db
    .selectFrom('live_events')
    .select(['id', 'channel', 'payload'])
    .where('id', '>=', first)
    .where('id', '<=', last)
    .orderBy('id')
    .execute();
}

/** The oldest and newest ids kept (0 and 0 when there are none). */
export async function eventIdRange(db: Db): Promise<{ oldest: number; newest: number }> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirstOrThrow();
  return { oldest: Number(row.oldest ?? 0), newest: Number(row.newest ?? 0) };
}

/**
 * Forgets events made before `before`, always keeping the newest: the oldest id kept then tells a
 * reconnect whether anything it missed is gone.
 */
export async function deleteEventsBefore(db: Db, before: number): Promise<void> {
  const { newest } = await eventIdRange(db);
  await db.deleteFrom('live_events').where('created_at', '<', before).where('id', '<', newest).execute();
}

/** Forgets events up to `lastId` (SQLite: taken in by the server). */
export async function deleteEventsUpTo(db: Db, lastId: number): Promise<void> {
  await db.deleteFrom('live_events').where('id', '<=', lastId).execute();
}
