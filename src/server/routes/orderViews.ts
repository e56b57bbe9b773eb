/** What members read of orders and results: getVorder (two forms), current, getGamelog, todayWinLost, getTrendData. */
import { ApiPath } from '../../shared/api/paths';
import { todayWinLost, trendData } from '../domain/game/figures';
import { gameLog, liveOrders, ownRoundOrders, roundAward } from '../domain/game/orderViews';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function orderViewHandlers(ctx: RouteContext) {
  return {
    vorder: async (request) => {
      const body = parseBody(ApiPath.vorder, request.body);
      const roomid = body.roomid;
      const locale = localeOf(request);
      const { member } = requireAuth(request);
      // With isfirst: the live feed of everyone's orders; without: the member's own orders of a round.
      const answer =
        body.isfirst !== undefined
          ? await liveOrders(ctx.game, member, { roomid, cursor: body.order_id ?? 0, gameseq: body.gameseq }, locale)
          : await ownRoundOrders(ctx.game, member.id, { roomid, gameseq: body.gameseq }, locale);
      return success(ctx, request, answer);
    },

    current: async (request) => {
      const body = parseBody(ApiPath.current, request.body);
      const answer = await roundAward(ctx.game, requireAuth(request).member.id, {
        gameseq: body.gameseq,
        gametype: body.gametype,
      });
      return success(ctx, request, answer);
    },

    gameLog: async (request) => {
      const body = parseBody(ApiPath.gameLog, request.body);
      const answer = await gameLog(ctx.game, requireAuth(request).member.id, body, localeOf(request));
      return success(ctx, request, answer);
    },

    todayWinLost: async (request) =>
      success(ctx, request, await todayWinLost(ctx.deps, requireAuth(request).member.id)),

    trendData: async (request) => success(ctx, request, await trendData(ctx.deps, requireAuth(request).member.id)),
  } satisfies Partial<CallHandlers>;
}
