/** Responsible play: the member's limits, pause and reality check (domain/play/). */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { setPlayLimit } from '../domain/play/limits';
import { playLimitsView } from '../domain/play/overview';
import { pausePlay } from '../domain/play/pause';
import { setRealityCheck } from '../domain/play/realityCheck';
import { requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export function playRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.playLimits, async (request) => {
    const body = parseBody(ApiPath.playLimits, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await playLimitsView(ctx.deps, member.id, body.since));
  });

  app.post(ApiPath.setPlayLimit, async (request) => {
    const body = parseBody(ApiPath.setPlayLimit, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await setPlayLimit(ctx.deps, member.id, body));
  });

  app.post(ApiPath.pausePlay, async (request) => {
    const body = parseBody(ApiPath.pausePlay, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await pausePlay(ctx.deps, member.id, body.kind, body.days));
  });

  app.post(ApiPath.setRealityCheck, async (request) => {
    const body = parseBody(ApiPath.setRealityCheck, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await setRealityCheck(ctx.deps, member.id, body.minutes));
  });
}
