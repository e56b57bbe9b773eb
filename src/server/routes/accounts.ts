/** Accounts: captcha by SMS, register, login, a forgotten password, logout. */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { ErrorCode } from '../../shared/errors';
import { sendCaptcha } from '../domain/accounts/captcha';
import { login } from '../domain/accounts/login';
import { register } from '../domain/accounts/register';
import { resetForgottenPassword } from '../domain/accounts/resetPassword';
import { authenticate, closeSession } from '../domain/accounts/sessions';
import { apiLangOf, clientOf, localeOf, requireAuth, success, tokenOf, type RouteContext } from './context';
import { parseBody } from './parse';
import { limitConfig, type RateLimits } from './rateLimits';

/** The spec's app reads data.errCode on failures of these three paths (SPEC.md section 7). */
const ERR_CODE_IN_DATA = { errCodeInData: true };

export function accountRoutes(app: FastifyInstance, ctx: RouteContext, limits: RateLimits): void {
  app.post(
    ApiPath.smsSend,
    { config: { ...limitConfig('sms_send', limits.smsSend, ErrorCode.SendingTooFrequently), ...ERR_CODE_IN_DATA } },
    async (request) => {
      const body = parseBody(ApiPath.smsSend, request.body);
      // A paypwd code goes to the number of the member whose token asks for it (a public path otherwise).
      const member =
        body.purpose === 'paypwd' ? (await authenticate(ctx.deps, tokenOf(request), request.ip)).member : null;
      const answer = await sendCaptcha(ctx.deps, { ...body, locale: localeOf(request) }, member);
      return success(ctx, request, answer);
    },
  );

  app.post(
    ApiPath.register,
    { config: { ...limitConfig('register', limits.register), ...ERR_CODE_IN_DATA } },
    async (request) => {
      const body = parseBody(ApiPath.register, request.body);
      const answer = await register(ctx.deps, { ...body, lang: apiLangOf(request), client: clientOf(request) });
      return success(ctx, request, answer);
    },
  );

  app.post(
    ApiPath.login,
    { config: { ...limitConfig('login', limits.login), ...ERR_CODE_IN_DATA } },
    async (request) => {
      const body = parseBody(ApiPath.login, request.body);
      const answer = await login(ctx.deps, {
        username: body.username,
        password: body.password,
        lang: apiLangOf(request),
        client: clientOf(request),
        token: tokenOf(request),
      });
      return success(ctx, request, answer);
    },
  );

  // A forgotten password: limited like registration (per address here, per member in the domain).
  app.post(ApiPath.resetPassword, { config: limitConfig('reset_password', limits.register) }, async (request) => {
    await resetForgottenPassword(ctx.deps, parseBody(ApiPath.resetPassword, request.body));
    return success(ctx, request, null);
  });

  app.post(ApiPath.logout, async (request) => {
    const { tokenHash } = requireAuth(request);
    await closeSession(ctx.deps, tokenHash);
    ctx.sessions.forgetSession(tokenHash);
    return success(ctx, request, null);
  });
}
