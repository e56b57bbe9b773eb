/**
 * Request limits per minute. Per address on the paths that create accounts, sessions or SMS
 * traffic; per member on withdrawals. Guessing a password is limited per member in the database
 * as well (domain/accounts/guards.ts), which no change of address walks around.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors';

export interface RateLimits {
  /** Requests per minute per address. */
  login: number;
  register: number;
  smsSend: number;
  /** Withdrawal requests per minute per member. */
  withdraw: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { login: 10, register: 10, smsSend: 5, withdraw: 5 };

/** A request over its limit, knowing how long until its window ends (2051 says it in seconds). */
export class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
    this.name = 'RateLimited';
  }
}

/** @fastify/rate-limit's errorResponseBuilder: `ttl` is what is left of the window, in ms. */
export function rateLimitedError(_request: FastifyRequest, context: { ttl: number }): RateLimited {
  return new RateLimited(Math.max(1, Math.ceil(context.ttl / 1000)));
}

export function limitConfig(max: number, limitCode: number = ErrorCode.NetworkErrorRefresh) {
  return { rateLimit: { max, timeWindow: 60_000 }, limitCode };
}

/** Counted per member (the auth hook has run by then), whatever address the requests come from. */
export function memberLimitConfig(max: number, limitCode: number) {
  const keyGenerator = (request: FastifyRequest) =>
    request.auth ? `member:${request.auth.member.id}` : `address:${request.ip}`;
  return { rateLimit: { max, timeWindow: 60_000, keyGenerator }, limitCode };
}
