/** The member's read marker of the messages about their account; the rules are in domain/messages. */
import { ApiPath } from '../../shared/api/paths';
import { messageReads, readMessages } from '../domain/messages/reads';
import { requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function messageHandlers(ctx: RouteContext) {
  return {
    messageReads: async (request) =>
      success(ctx, request, await messageReads(ctx.deps, requireAuth(request).member.id)),

    readMessages: async (request) => {
      const body = parseBody(ApiPath.readMessages, request.body);
      return success(ctx, request, await readMessages(ctx.deps, requireAuth(request).member.id, body.upTo));
    },
  } satisfies Partial<CallHandlers>;
}
