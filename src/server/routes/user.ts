/** The member's own profile and sessions. */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { userInfo } from '../domain/accounts/profile';
import { endOtherSessions, listSessions } from '../domain/accounts/sessionList';
import { requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export function userRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.userInfo, async (request) =>
    success(ctx, request, await userInfo(ctx.deps, requireAuth(request).member)),
  );

  app.post(ApiPath.sessions, async (request) =>
    success(ctx, request, await listSessions(ctx.deps, requireAuth(request))),
  );

  app.post(ApiPath.endOtherSessions, async (request) => {
    const auth = requireAuth(request);
    await endOtherSessions(ctx.deps, auth, parseBody(ApiPath.endOtherSessions, request.body).password);
    // The ended sessions must not linger in the cache of hot paths either.
    ctx.sessions.forgetMember(auth.member.id);
    return success(ctx, request, null);
  });
}
