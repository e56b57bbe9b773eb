/** /api/Index/getconfig: the app config every launch starts with. */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { localeOf, success, type RouteContext } from './context';
import { publicAnswers } from './publicAnswers';

export function configRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.getConfig, async (request) =>
    success(ctx, request, await publicAnswers[ApiPath.getConfig](ctx, localeOf(request))),
  );
}
