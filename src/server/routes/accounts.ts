/** Accounts: captcha by SMS, register, login, a forgotten password, logout. */
import { ApiPath } from '../../shared/api/paths';
import { sendCaptcha } from '../domain/accounts/captcha';
import { login } from '../domain/accounts/login';
import { register } from '../domain/accounts/register';
import { resetForgottenPassword } from '../domain/accounts/resetPassword';
import { authenticate, closeSession } from '../domain/accounts/sessions';
import { apiLangOf, clientOf, localeOf, requireAuth, success, tokenOf, type RouteContext } from './context';
import { parseBody } from './parse';
import { clearSessionCookie, setSessionCookie } from './sessionCookie';
import type { CallHandlers } from './calls';

export function accountHandlers(ctx: RouteContext) {
  return {
    smsSend: async (request) => {
      const body = parseBody(ApiPath.smsSend, request.body);
      // A paypwd code goes to the number of the member whose token asks for it (a public path otherwise).
      const member =
        body.purpose === 'paypwd' ? (await authenticate(ctx.deps, tokenOf(request), request.ip)).member : null;
      const answer = await sendCaptcha(ctx.deps, { ...body, locale: localeOf(request) }, member);
      return success(ctx, request, answer);
    },

    register: async (request, reply) => {
      const body = parseBody(ApiPath.register, request.body);
      const answer = await register(ctx.deps, { ...body, lang: apiLangOf(request), client: clientOf(request) });
      setSessionCookie(reply, answer.token, ctx.https === true);
      return success(ctx, request, answer);
    },

    login: async (request, reply) => {
      const body = parseBody(ApiPath.login, request.body);
      const answer = await login(ctx.deps, {
        username: body.username,
        password: body.password,
        lang: apiLangOf(request),
        client: clientOf(request),
        token: tokenOf(request),
      });
      setSessionCookie(reply, answer.token, ctx.https === true);
      return success(ctx, request, answer);
    },

    // A forgotten password: limited like registration (per address by its call's row, per member in the domain).
    resetPassword: async (request) => {
      await resetForgottenPassword(ctx.deps, parseBody(ApiPath.resetPassword, request.body));
      return success(ctx, request, null);
    },

    logout: async (request, reply) => {
      const { tokenHash } = requireAuth(request);
      await closeSession(ctx.deps, tokenHash);
      ctx.sessions.forgetSession(tokenHash);
      clearSessionCookie(reply, ctx.https === true);
      return success(ctx, request, null);
    },
  } satisfies Partial<CallHandlers>;
}
