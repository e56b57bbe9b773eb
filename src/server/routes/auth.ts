/**
/**
 * Who may call a path is the call table's (src/shared/api/calls.ts): on every /api path but a
 * guest's, the token in the body must name a live session, else 409 (or 403 for a frozen member).
 * The live streams (LIVE_STREAM_PATHS) are GETs opened with a ticket, which routes/live.ts checks.
 */
import type { FastifyInstance } from 'fastify';
import { isApiPath, LIVE_STREAM_PATHS } from '../../shared/api/paths';
import { isGuestPath } from '../../shared/api/calls';
import { authenticate } from '../domain/accounts/sessions';
import { SESSION_INVALID } from '../../shared/api/envelope';
import { Refused } from '../domain/refused';
import { tokenOf, type RouteContext } from './context';
import { clearSessionCookie, isCookieToken } from './sessionCookie';

export function registerAuthHook(app: FastifyInstance, ctx: RouteContext): void {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url;
    if (request.is404 || !route || !isApiPath(route) || isGuestPath(route)) return;
    if (LIVE_STREAM_PATHS.has(route)) return;
    const token = tokenOf(request);
    // Hot paths (flagged cachedAuth) may use a session checked within the last second.
    const cacheable = request.routeOptions.config.cachedAuth === true && token !== undefined;
    const cached = cacheable ? ctx.sessions.get(token, ctx.deps.clock()) : undefined;
    if (cached) {
      request.auth = cached;
      return;
    }
    try {
      request.auth = await authenticate(ctx.deps, token, request.ip);
    } catch (error) {
      // A session that has ended takes its cookie with it (only when the cookie carried the call:
      // a contract client's stale token in the body says nothing of the cookie's session).
      if (error instanceof Refused && error.code === SESSION_INVALID && isCookieToken(request, token)) {
        clearSessionCookie(reply, ctx.https === true);
      }
      throw error;
    }
    if (cacheable) ctx.sessions.remember(token, request.auth);
  });
}
