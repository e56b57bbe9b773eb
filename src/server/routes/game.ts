/** Games, rooms and rounds: getGameList (public), getRoomList, getGameinfo, getRound (any drawn round's proof). */
import { ApiPath } from '../../shared/api/paths';
import { gameInfo, gameList, roomList } from '../domain/game/gameInfo';
import { roundProof } from '../domain/game/roundProof';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { gameInfoBytes } from './cachedJson';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function gameHandlers(ctx: RouteContext) {
  return {
    gameList: async (request) => success(ctx, request, await gameList(ctx.game)),

    roomList: async (request) => {
      const body = parseBody(ApiPath.roomList, request.body);
      return success(ctx, request, await roomList(ctx.game, body.roomtype));
    },

    gameInfo: async (request, reply) => {
      const body = parseBody(ApiPath.gameInfo, request.body);
      const answer = await gameInfo(ctx.game, requireAuth(request).member, body.roomid, localeOf(request));
      return reply.type('application/json; charset=utf-8').send(gameInfoBytes(answer));
    },

    getRound: async (request) => {
      const body = parseBody(ApiPath.getRound, request.body);
      requireAuth(request);
      const answer = await roundProof(ctx.game, { roomid: body.roomid, seqno: body.seqno }, localeOf(request));
      return success(ctx, request, answer);
    },
  } satisfies Partial<CallHandlers>;
}
