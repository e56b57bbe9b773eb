/** /api/Index/getconfig: the app config every launch starts with. */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { appConfig } from '../domain/appConfig';
import { success, type RouteContext } from './context';

export function configRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.getConfig, async (request) => success(ctx, request, await appConfig(ctx.deps)));
}
