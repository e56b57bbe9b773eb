/** Responsible play: the member's limits, pause and reality check (domain/play/). */
import { ApiPath } from '../../shared/api/paths';
import { setPlayLimit } from '../domain/play/limits';
import { playLimitsView } from '../domain/play/overview';
import { pausePlay } from '../domain/play/pause';
import { setRealityCheck } from '../domain/play/realityCheck';
import { requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function playHandlers(ctx: RouteContext) {
  return {
    playLimits: async (request) => {
      const body = parseBody(ApiPath.playLimits, request.body);
      const { member } = requireAuth(request);
      return success(ctx, request, await playLimitsView(ctx.deps, member.id, body.since));
    },

    setPlayLimit: async (request) => {
      const body = parseBody(ApiPath.setPlayLimit, request.body);
      const { member } = requireAuth(request);
      return success(ctx, request, await setPlayLimit(ctx.deps, member.id, body));
    },

    pausePlay: async (request) => {
      const body = parseBody(ApiPath.pausePlay, request.body);
      const { member } = requireAuth(request);
      return success(ctx, request, await pausePlay(ctx.deps, member.id, body.kind, body.days));
    },

    setRealityCheck: async (request) => {
      const body = parseBody(ApiPath.setRealityCheck, request.body);
      const { member } = requireAuth(request);
      return success(ctx, request, await setRealityCheck(ctx.deps, member.id, body.minutes));
    },
  } satisfies Partial<CallHandlers>;
}
