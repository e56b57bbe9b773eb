/** Responsible play: the member's limits, pause and reality check (domain/play/). */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import {
  PausePlayRequestSchema,
  PlayLimitsRequestSchema,
  SetPlayLimitRequestSchema,
  SetRealityCheckRequestSchema,
} from '../../shared/api/play';
import { setPlayLimit } from '../domain/play/limits';
import { playLimitsView } from '../domain/play/overview';
import { pausePlay } from '../domain/play/pause';
import { setRealityCheck } from '../domain/play/realityCheck';
import { requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export function playRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.playLimits, async (request) => {
    const body = parseBody(PlayLimitsRequestSchema, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await playLimitsView(ctx.deps, member.id, body.since), 'read');
  });

  app.post(ApiPath.setPlayLimit, async (request) => {
    const body = parseBody(SetPlayLimitRequestSchema, request.body);
    const { member } = requireAuth(request);
    const limit = await setPlayLimit(ctx.deps, member.id, body);
    return success(ctx, request, limit, 'write');
  });

  app.post(ApiPath.pausePlay, async (request) => {
    const body = parseBody(PausePlayRequestSchema, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await pausePlay(ctx.deps, member.id, body.kind, body.days), 'write');
  });

  app.post(ApiPath.setRealityCheck, async (request) => {
    const body = parseBody(SetRealityCheckRequestSchema, request.body);
    const { member } = requireAuth(request);
    return success(ctx, request, await setRealityCheck(ctx.deps, member.id, body.minutes), 'write');
  });
}
