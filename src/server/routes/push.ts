/** Notifications a member asked for (domain/push): the server's key, a device's subscription, removing one. */
import { ApiPath } from '../../shared/api/paths';
import type { PushNotifier } from '../domain/push/notifier';
import { subscribe, unsubscribe } from '../domain/push/subscriptions';
import type { CallHandlers } from './calls';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export interface PushRoutes {
  /** Undefined when notifications are off (no VAPID_SUBJECT). */
  notifier: PushNotifier | undefined;
  serviceHosts: readonly string[];
}

export function pushHandlers(ctx: RouteContext, push: PushRoutes) {
  return {
    pushKey: async (request) => success(ctx, request, { publicKey: push.notifier?.publicKey ?? '' }),

    pushSubscribe: async (request) => {
      const body = parseBody(ApiPath.pushSubscribe, request.body);
      const answer = await subscribe(ctx.deps.db, requireAuth(request), body, localeOf(request), {
        enabled: push.notifier !== undefined,
        serviceHosts: push.serviceHosts,
        now: ctx.deps.clock(),
      });
      return success(ctx, request, answer);
    },

    pushUnsubscribe: async (request) => {
      const body = parseBody(ApiPath.pushUnsubscribe, request.body);
      await unsubscribe(ctx.deps.db, requireAuth(request), body.id);
      return success(ctx, request, null);
    },
  } satisfies Partial<CallHandlers>;
}
