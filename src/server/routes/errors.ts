/**
 * Every failure answers the envelope (DESIGN.md section 3.5): a refusal its own code at HTTP 200,
 * a refusal for load (the password pool is full: 3005) 503 with Retry-After, a rate limit 429, an unknown path 404 with 1001, a malformed request 1001, a database that is
 * away for the moment (restarting, unreachable, locked) 503 with 1004 "network error, refresh",
 * and anything unexpected 2002, never a 500 and never a stack trace.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, retryAfterOf } from '../../shared/errors';
import { isApiPath } from '../../shared/api/paths';
import { describeDatabaseError, isDatabaseUnavailable } from '../domain/dbErrors';
import { Overloaded, Refused, refusedToWait } from '../domain/refused';
import { envelope, localeOf, type RouteContext } from './context';
import type { PageHandler } from './appPage';
import { RateLimited } from './rateLimits';

/** Retry-After of a 503 while the database is away: about as long as a restart takes. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The data of a refusal on an errCode path: its code, and how long to wait when it says so. */
function errCodeData(refusal: Refused): { errCode: number; retryAfter?: number } {
  const retryAfter = retryAfterOf(refusal.data);
  return retryAfter === null ? { errCode: refusal.code } : { errCode: refusal.code, retryAfter };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** `page` answers the client routes with the app (appPage.ts); null when the server runs without one. */
export function registerErrorHandlers(app: FastifyInstance, ctx: RouteContext, page: PageHandler | null): void {
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, code: number, messageCode: ErrorCode) =>
    send(request, reply, status, new Refused(code, messageCode));

  // Routes flagged errCodeInData answer every refusal, even a body that never parsed, with data.errCode.
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, refusal: Refused) => {
    const data = request.routeOptions.config?.errCodeInData ? errCodeData(refusal) : refusal.data;
    const info = ctx.i18n.text(localeOf(request), refusal.messageId, refusal.values);
    return reply.code(status).send(envelope(refusal.code, data, info));
  };

  app.setErrorHandler((error: FastifyError | Refused, request, reply) => {
    if (error instanceof Overloaded) {
      reply.header('retry-after', error.retryAfterSeconds);
      return send(request, reply, 503, error);
    }
    if (error instanceof Refused) return send(request, reply, 200, error);
    const status = statusOf(error);
    if (status === 429) {
      const code = request.routeOptions.config.limitCode ?? ErrorCode.NetworkErrorRefresh;
      // "Too frequently" says how long to wait: the limit knows when its window ends.
      if (code === ErrorCode.SendingTooFrequently && error instanceof RateLimited) {
        return send(request, reply, 429, refusedToWait(error.retryAfterSeconds));
      }
      return answer(
        request,
        reply,
        429,
        code,
        code === ErrorCode.SendingTooFrequently ? code : ErrorCode.NetworkErrorRefresh,
      );
    }
    // Client mistakes Fastify catches before our handlers: bad body, too large, bad media type.
    if (status !== undefined && status >= 400 && status < 500) {
      return answer(request, reply, 200, ErrorCode.IncompleteParameters, ErrorCode.IncompleteParameters);
    }
    // The database is restarting or out of reach: the member retries shortly, so a passing
    // condition, told in one line per request without a stack.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ database: describeDatabaseError(error) }, 'database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return answer(request, reply, 503, ErrorCode.NetworkErrorRefresh, ErrorCode.NetworkErrorRefresh);
    }
    request.log.error({ err: error }, 'unexpected fault');
    return answer(request, reply, 200, ErrorCode.UnknownError, ErrorCode.UnknownError);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // Client-side routes of the SPA (e.g. /user, /activity/3) load the app shell; API paths and
    // missing hashed assets do not, so a stale asset never gets HTML in place of JavaScript.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !path.startsWith('/assets/');
    const shown = page && isPage ? await page(request, reply) : null;
    if (shown !== null) return shown;
    return answer(request, reply, 404, ErrorCode.IncompleteParameters, ErrorCode.IncompleteParameters);
  });
}
