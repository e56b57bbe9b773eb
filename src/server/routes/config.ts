/** /api/Index/getconfig: the app config every launch starts with. */
import { ApiPath } from '../../shared/api/paths';
import type { CallHandlers } from './calls';
import { localeOf, success, type RouteContext } from './context';
import { publicAnswers } from './publicAnswers';

export function configHandlers(ctx: RouteContext) {
  return {
    getConfig: async (request) => success(ctx, request, await publicAnswers[ApiPath.getConfig](ctx, localeOf(request))),
  } satisfies Partial<CallHandlers>;
}
