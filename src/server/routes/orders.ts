/** Ordering and cancelling: /api/Game/order and /api/Game/getGamecancel. Rules live in the domain. */
import { ApiPath } from '../../shared/api/paths';
import { cancelOrderLine } from '../domain/game/cancel';
import { placeOrder } from '../domain/game/orders';
import { requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function orderHandlers(ctx: RouteContext) {
  return {
    order: async (request) => {
      const body = parseBody(ApiPath.order, request.body);
      const answer = await placeOrder(ctx.game, requireAuth(request).member, {
        gameid: body.gameid,
        roomid: body.roomid,
        lines: body.order_info,
        idempotencyKey: body.idempotencyKey,
      });
      return success(ctx, request, answer);
    },

    gameCancel: async (request) => {
      const body = parseBody(ApiPath.gameCancel, request.body);
      await cancelOrderLine(ctx.deps, requireAuth(request).member, { roomid: body.roomid, orderId: body.order_id });
      return success(ctx, request, null);
    },
  } satisfies Partial<CallHandlers>;
}
