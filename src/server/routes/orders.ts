/** Ordering and cancelling: /api/Game/order and /api/Game/getGamecancel. Rules live in the domain. */
import type { FastifyInstance } from 'fastify';
import { GameCancelRequestSchema, OrderRequestSchema } from '../../shared/api/game';
import { ApiPath } from '../../shared/api/paths';
import { ErrorCode } from '../../shared/errors';
import { cancelOrderLine } from '../domain/game/cancel';
import { placeOrder } from '../domain/game/orders';
import { refused } from '../domain/refused';
import { requireAuth, success, type RouteContext } from './context';
import { requireRoomId } from './roomId';
import { parseBody } from './parse';

export function orderRoutes(app: FastifyInstance, ctx: RouteContext): void {
  // The debit itself checks balance and freeze, so a session checked a moment ago is enough here.
  app.post(ApiPath.order, { config: { cachedAuth: true } }, async (request) => {
    const body = parseBody(OrderRequestSchema, request.body);
    const roomid = requireRoomId(body.roomid);
    if (body.order_info === undefined) throw refused(ErrorCode.BetInfoEmpty);
    const answer = await placeOrder(ctx.game, requireAuth(request).member, {
      gameid: body.gameid,
      roomid,
      lines: body.order_info,
      idempotencyKey: body.idempotencyKey,
    });
    return success(ctx, request, answer);
  });

  app.post(ApiPath.gameCancel, async (request) => {
    const body = parseBody(GameCancelRequestSchema, request.body);
    const roomid = requireRoomId(body.roomid);
    await cancelOrderLine(ctx.deps, requireAuth(request).member, { roomid, orderId: body.order_id });
    return success(ctx, request, null);
  });
}
