/** The member's own profile. */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { userInfo } from '../domain/accounts/profile';
import { requireAuth, success, type RouteContext } from './context';

export function userRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.userInfo, async (request) =>
    success(ctx, request, await userInfo(ctx.deps, requireAuth(request).member), 'read'),
  );
}
