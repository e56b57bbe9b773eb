/** Changing the login password and the withdrawal password. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiPath } from '../../shared/api/paths';
import { changeLoginPassword, changePayPassword } from '../domain/accounts/passwords';
import { requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

const ChangeLoginPasswordBody = z.object({ passwd: z.string().max(128), npasswd: z.string().max(128) });
const ChangePayPasswordBody = z.object({
  srcpwd: z.string().max(128).optional(),
  newpwd: z.string().max(128),
  newpwd2: z.string().max(128),
});

export function passwordRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.changeLoginPassword, async (request) => {
    const { member, tokenHash } = requireAuth(request);
    await changeLoginPassword(ctx.deps, member, tokenHash, parseBody(ChangeLoginPasswordBody, request.body));
    // The member's other sessions were revoked: none may linger in the cache.
    ctx.sessions.forgetMember(member.id);
    return success(ctx, request, null, 'write');
  });

  app.post(ApiPath.changePayPassword, async (request) => {
    const { member } = requireAuth(request);
    await changePayPassword(ctx.deps, member, parseBody(ChangePayPasswordBody, request.body));
    return success(ctx, request, null, 'write');
  });
}
