/** Changing the login password and the withdrawal password. */
import { ApiPath } from '../../shared/api/paths';
import { changeLoginPassword, changePayPassword } from '../domain/accounts/passwords';
import { requireAuth, success, type RouteContext } from './context';
import type { CallHandlers } from './calls';
import { parseBody } from './parse';

export function passwordHandlers(ctx: RouteContext) {
  return {
    changeLoginPassword: async (request) => {
      const auth = requireAuth(request);
      await changeLoginPassword(ctx.deps, auth, parseBody(ApiPath.changeLoginPassword, request.body));
      // The member's other sessions were revoked: none may linger in the cache.
      ctx.sessions.forgetMember(auth.member.id);
      return success(ctx, request, null);
    },

    changePayPassword: async (request) => {
      await changePayPassword(ctx.deps, requireAuth(request), parseBody(ApiPath.changePayPassword, request.body));
      return success(ctx, request, null);
    },
  } satisfies Partial<CallHandlers>;
}
