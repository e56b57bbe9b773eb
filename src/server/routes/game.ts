/** Games, rooms and rounds: getGameList (public), getRoomList, getGameinfo, getRound (any drawn round's proof). */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { gameInfo, gameList, roomList } from '../domain/game/gameInfo';
import { roundProof } from '../domain/game/roundProof';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { gameInfoBytes } from './cachedJson';
import { parseBody } from './parse';

export function gameRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.gameList, async (request) => success(ctx, request, await gameList(ctx.game)));

  app.post(ApiPath.roomList, async (request) => {
    const body = parseBody(ApiPath.roomList, request.body);
    return success(ctx, request, await roomList(ctx.game, body.roomtype));
  });

  app.post(ApiPath.gameInfo, { config: { cachedAuth: true } }, async (request, reply) => {
    const body = parseBody(ApiPath.gameInfo, request.body);
    const answer = await gameInfo(ctx.game, requireAuth(request).member, body.roomid, localeOf(request));
    return reply.type('application/json; charset=utf-8').send(gameInfoBytes(answer));
  });

  app.post(ApiPath.getRound, async (request) => {
    const body = parseBody(ApiPath.getRound, request.body);
    requireAuth(request);
    const answer = await roundProof(ctx.game, { roomid: body.roomid, seqno: body.seqno }, localeOf(request));
    return success(ctx, request, answer);
  });
}
