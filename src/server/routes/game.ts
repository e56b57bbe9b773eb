/** Games, rooms and a room's round: getGameList (public), getRoomList, getGameinfo. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiPath } from '../../shared/api/paths';
import { gameInfo, gameList, roomList } from '../domain/game/gameInfo';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { gameInfoEnvelope } from './cachedJson';
import { idField, requireRoomId } from './gameFields';
import { parseBody } from './parse';

const RoomListBody = z.object({ roomtype: idField });
const GameInfoBody = z.object({ roomid: idField.optional() });

export function gameRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.gameList, async (request) => success(ctx, request, await gameList(ctx.game), 'read'));

  app.post(ApiPath.roomList, async (request) => {
    const body = parseBody(RoomListBody, request.body);
    return success(ctx, request, await roomList(ctx.game, body.roomtype), 'read');
  });

  app.post(ApiPath.gameInfo, { config: { cachedAuth: true } }, async (request, reply) => {
    const body = parseBody(GameInfoBody, request.body);
    const answer = await gameInfo(ctx.game, requireAuth(request).member, requireRoomId(body.roomid), localeOf(request));
    return reply.type('application/json; charset=utf-8').send(gameInfoEnvelope(answer));
  });
}
