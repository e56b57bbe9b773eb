/** Accounts: captcha by SMS, register, login, logout. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiPath } from '../../shared/api/paths';
import { ErrorCode } from '../../shared/errors';
import { sendCaptcha } from '../domain/accounts/captcha';
import { login } from '../domain/accounts/login';
import { register } from '../domain/accounts/register';
import { closeSession } from '../domain/accounts/sessions';
import { apiLangOf, requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';
import { limitConfig, type RateLimits } from './rateLimits';

// Bounds keep absurd inputs away from scrypt; real values are far shorter.
const text = (max: number) => z.string().max(max);

const SmsSendBody = z.object({ quhao: text(8).optional(), mobile: text(32) });
const LoginBody = z.object({ quhao: text(8).optional(), username: text(64), password: text(128) });
const RegisterBody = z.object({
  quhao: text(8).optional(),
  username: text(64),
  phone: text(32),
  captcha: text(16),
  password: text(128),
  spassword: text(128),
  invitation: text(64),
  payPwd: text(128).optional(),
});

/** The spec's app reads data.errCode on failures of these three paths (SPEC.md section 7). */
const ERR_CODE_IN_DATA = { errCodeInData: true };

export function accountRoutes(app: FastifyInstance, ctx: RouteContext, limits: RateLimits): void {
  app.post(
    ApiPath.smsSend,
    { config: { ...limitConfig(limits.smsSend, ErrorCode.SendingTooFrequently), ...ERR_CODE_IN_DATA } },
    async (request) => {
      const answer = await sendCaptcha(ctx.deps, parseBody(SmsSendBody, request.body));
      return success(ctx, request, answer, 'write');
    },
  );

  app.post(ApiPath.register, { config: { ...limitConfig(limits.register), ...ERR_CODE_IN_DATA } }, async (request) => {
    const body = parseBody(RegisterBody, request.body);
    return success(ctx, request, await register(ctx.deps, { ...body, lang: apiLangOf(request) }), 'write');
  });

  app.post(ApiPath.login, { config: { ...limitConfig(limits.login), ...ERR_CODE_IN_DATA } }, async (request) => {
    const body = parseBody(LoginBody, request.body);
    const answer = await login(ctx.deps, {
      username: body.username,
      password: body.password,
      lang: apiLangOf(request),
    });
    return success(ctx, request, answer, 'write');
  });

  app.post(ApiPath.logout, async (request) => {
    const { tokenHash } = requireAuth(request);
    await closeSession(ctx.deps, tokenHash);
    ctx.sessions.forgetSession(tokenHash);
    return success(ctx, request, null, 'write');
  });
}
