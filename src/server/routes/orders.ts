/** Ordering and cancelling: /api/Game/order and /api/Game/getGamecancel. Rules live in the domain. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiPath } from '../../shared/api/paths';
import { ErrorCode } from '../../shared/errors';
import { cancelOrderLine } from '../domain/game/cancel';
import { placeOrder } from '../domain/game/orders';
import { refused } from '../domain/refused';
import { requireAuth, success, type RouteContext } from './context';
import { idField, numberField, requireRoomId } from './gameFields';
import { parseBody } from './parse';

/** Far more lines than the rules allow (9), so "10 options" gets its own code, not a shape error. */
const MAX_WIRE_LINES = 50;

const OrderBody = z.object({
  gameid: idField,
  roomid: idField.optional(),
  order_info: z
    .array(z.tuple([numberField, numberField, numberField]))
    .max(MAX_WIRE_LINES)
    .optional(),
  idempotencyKey: z.string().min(1).max(128).optional(),
});

const CancelBody = z.object({ roomid: idField.optional(), order_id: idField });

export function orderRoutes(app: FastifyInstance, ctx: RouteContext): void {
  // The debit itself checks balance and freeze, so a session checked a moment ago is enough here.
  app.post(ApiPath.order, { config: { cachedAuth: true } }, async (request) => {
    const body = parseBody(OrderBody, request.body);
    const roomid = requireRoomId(body.roomid);
    if (body.order_info === undefined) throw refused(ErrorCode.BetInfoEmpty);
    const answer = await placeOrder(ctx.game, requireAuth(request).member, {
      gameid: body.gameid,
      roomid,
      lines: body.order_info,
      idempotencyKey: body.idempotencyKey,
    });
    return success(ctx, request, answer, 'write');
  });

  app.post(ApiPath.gameCancel, async (request) => {
    const body = parseBody(CancelBody, request.body);
    const roomid = requireRoomId(body.roomid);
    await cancelOrderLine(ctx.deps, requireAuth(request).member, { roomid, orderId: body.order_id });
    return success(ctx, request, null, 'write');
  });
}
