/** The member's read marker of the messages about their account; the rules are in domain/messages. */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { messageReads, readMessages } from '../domain/messages/reads';
import { requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export function messageRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.messageReads, async (request) =>
    success(ctx, request, await messageReads(ctx.deps, requireAuth(request).member.id)),
  );

  app.post(ApiPath.readMessages, async (request) => {
    const body = parseBody(ApiPath.readMessages, request.body);
    return success(ctx, request, await readMessages(ctx.deps, requireAuth(request).member.id, body.upTo));
  });
}
