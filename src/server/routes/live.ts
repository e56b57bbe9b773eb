/**
 * The live streams (docs/live-events.md): POST liveTicket, then GET a stream with `?ticket=`.
 * A stream refused answers the envelope in the `lang` of the query, with an HTTP status an
 * EventSource stops on (it would retry a 200 forever): 401 ticket, 403 room entry, 404 room,
 * 429 too many streams (3017, Retry-After), 503 shutting down. Compression is off: a compressor
 * holds small writes back, and an event must leave at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LivePath } from '../../shared/api/paths';
import { SESSION_FORBIDDEN } from '../../shared/api/envelope';
import { ErrorCode } from '../../shared/errors';
import { localeOfApiLang } from '../../shared/locale';
import { enterRoom } from '../domain/game/roomEntry';
import type { LiveBus } from '../domain/live/bus';
import { parseLastEventId, type Admission, type LiveHub, type Snapshot } from '../domain/live/hub';
import { EVERY_MEMBER, gameChannel, memberChannel, roomChannel } from '../domain/live/news';
import { memberSnapshot, roomSnapshot } from '../domain/live/snapshots';
import { issueTicket, redeemTicket } from '../domain/live/tickets';
import { Refused, refused } from '../domain/refused';
import type { Authenticated } from '../domain/accounts/sessions';
import { envelope, requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';

export interface LiveContext {
  bus: LiveBus;
  hub: LiveHub;
}

interface StreamQuery {
  ticket?: string;
  lang?: string;
  /** For a client that cannot send the Last-Event-ID header (a new EventSource after a new ticket). */
  lastEventId?: string;
}

/** Seconds a client refused for too many streams should wait. */
const TOO_MANY_RETRY_AFTER_S = 30;

function statusOf(refusal: Refused): number {
  switch (refusal.code) {
    case ErrorCode.TooManyStreams:
      return 429;
    case ErrorCode.NetworkErrorRefresh:
      return 503;
    case ErrorCode.RoomNotFound:
      return 404;
    case ErrorCode.IncompleteParameters:
      return 401;
    case SESSION_FORBIDDEN:
      return 403;
    default:
      // A session that ended (409) is a ticket that opens nothing; the rest are room entry refusals.
      return refusal.code < 1000 ? 401 : 403;
  }
}

/** The ticket a stream opens with (an app asks one at each (re)connect of its two streams). */
export function liveTicketHandlers(ctx: RouteContext) {
  return {
    liveTicket: async (request) => success(ctx, request, await issueTicket(ctx.deps, requireAuth(request))),
  } satisfies Partial<CallHandlers>;
}

/** The two streams (GET, server-sent events), opened with a ticket: not calls of the table. */
export function liveRoutes(app: FastifyInstance, ctx: RouteContext, live: LiveContext): void {
  /** The checks of both streams, then the stream itself; a refusal answers the envelope instead. */
  const stream = async (
    request: FastifyRequest<{ Querystring: StreamQuery }>,
    reply: FastifyReply,
    open: (auth: Authenticated) => Promise<{ channels: string[]; snapshot: Snapshot }>,
  ) => {
    const query = request.query;
    let opened: { channels: string[]; snapshot: Snapshot };
    let admission: Admission | null = null;
    try {
      // The place under the caps is taken before anything is awaited, and given back on every way out.
      admission = live.hub.admit(request.ip);
      const auth = await redeemTicket(ctx.deps, query.ticket, request.ip);
      await live.hub.admitMember(admission, {
        memberId: auth.member.id,
        tokenHash: auth.tokenHash,
        endsAt: auth.expiresAt,
      });
      opened = await open(auth);
    } catch (error) {
      if (admission) live.hub.release(admission);
      if (!(error instanceof Refused)) throw error;
      const status = statusOf(error);
      if (status === 429) reply.header('retry-after', TOO_MANY_RETRY_AFTER_S);
      const info = ctx.i18n.text(localeOfApiLang(query.lang), error.messageId, error.values);
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send(envelope(error.code, error.data, info));
    }
    const lastEventId = parseLastEventId(request.headers['last-event-id'] ?? query.lastEventId);
    reply.hijack();
    await live.hub.open(
      reply.raw,
      reply.getHeaders() as Record<string, string | number | string[]>,
      admission,
      opened.channels,
      lastEventId,
      opened.snapshot,
    );
  };

  app.get<{ Params: { roomid: string }; Querystring: StreamQuery }>(
    LivePath.room,
    { compress: false },
    (request, reply) =>
      stream(request, reply, async (auth) => {
        const roomId = /^\d{1,9}$/.test(request.params.roomid) ? Number(request.params.roomid) : null;
        if (roomId === null) throw refused(ErrorCode.RoomNotFound);
        // The rule of getVorder's live feed: only a member who may enter the room watches it.
        const { room, game } = await enterRoom(ctx.game, auth.member, roomId);
        return {
          channels: [gameChannel(game.id), roomChannel(room.id)],
          snapshot: () => roomSnapshot(ctx.game, room.id),
        };
      }),
  );

  app.get<{ Querystring: StreamQuery }>(LivePath.member, { compress: false }, (request, reply) =>
    stream(request, reply, async (auth) => ({
      channels: [memberChannel(auth.member.id), EVERY_MEMBER],
      snapshot: () => memberSnapshot(ctx.deps, auth.member.id),
    })),
  );
}
