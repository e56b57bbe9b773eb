/** The member's own profile and sessions. */
import { ApiPath } from '../../shared/api/paths';
import { userInfo } from '../domain/accounts/profile';
import { endOtherSessions, listSessions } from '../domain/accounts/sessionList';
import { requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function userHandlers(ctx: RouteContext) {
  return {
    userInfo: async (request) => success(ctx, request, await userInfo(ctx.deps, requireAuth(request).member)),

    sessions: async (request) => success(ctx, request, await listSessions(ctx.deps, requireAuth(request))),

    endOtherSessions: async (request) => {
      const auth = requireAuth(request);
      await endOtherSessions(ctx.deps, auth, parseBody(ApiPath.endOtherSessions, request.body).password);
      // The ended sessions must not linger in the cache of hot paths either.
      ctx.sessions.forgetMember(auth.member.id);
      return success(ctx, request, null);
    },
  } satisfies Partial<CallHandlers>;
}
