/**
 * Tickets that open a live stream. A browser's EventSource cannot send a body or a header, and
 * the session token must never be in a URL (addresses end up in logs and histories), so the app
 * asks for a ticket with its token (POST liveTicket) and opens the stream with `?ticket=`. A
 * ticket is random, stored only as its hash, opens one stream once, within TICKET_TTL_MS, and only
 * while the session that asked for it is still live. Stored in the database, so a ticket asked
 * for at one instance opens a stream at any other; a session holds a few at most, and expired
 * ones are swept (streamSlots.ts).
 */
import { ErrorCode } from '../../../shared/errors';
import { insertTicket, takeTicket, trimSessionTickets } from '../../repositories/liveTickets';
import { authenticateHash, type Authenticated } from '../accounts/sessions';
import type { Deps } from '../deps';
import { refused } from '../refused';
import { hashToken, newToken } from '../secrets';

export const TICKET_TTL_MS = 30_000;

/**
 * Tickets a session holds at once, unused: a member's app opens two streams (the member's and a
 * room's) and asks again at each reconnect; asking past this gives up the oldest. With the limit on
 * asking (routes/live.ts), the table holds a bounded number of rows per session.
 */
export const MAX_SESSION_TICKETS = 4;

export async function issueTicket(deps: Deps, auth: Authenticated): Promise<{ ticket: string; expiresIn: number }> {
  const { token, hash } = newToken();
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await insertTicket(trx, {
      ticket_hash: hash,
      member_id: auth.member.id,
      session_hash: auth.tokenHash,
      expires_at: now + TICKET_TTL_MS,
    });
    await trimSessionTickets(trx, auth.tokenHash, now, MAX_SESSION_TICKETS);
  });
  return { ticket: token, expiresIn: TICKET_TTL_MS / 1000 };
}

/**
 * The member a ticket opens a stream for; the ticket is gone afterwards. An unknown, used or
 * expired ticket is refused with 1001: the app asks for a new one (its session decides then).
 */
export async function redeemTicket(deps: Deps, ticket: string | undefined, ip: string): Promise<Authenticated> {
  if (ticket === undefined || !/^[0-9a-f]{64}$/.test(ticket)) throw refused(ErrorCode.IncompleteParameters);
  const taken = await takeTicket(deps.db, hashToken(ticket), deps.clock());
  if (!taken) throw refused(ErrorCode.IncompleteParameters);
  return authenticateHash(deps, taken.session_hash, ip);
}
