/**
 * Request limits per minute. Per address on the paths that create accounts, sessions or SMS
 * traffic; per session on withdrawals and live tickets. Guessing a password is limited per member in the database
 * as well (domain/accounts/guards.ts), which no change of address walks around. The counts live in
 * the database (domain/requestCounters.ts), not in this process: a restart or another instance
 * does not hand anyone a fresh allowance.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { CallLimit, LimitName } from '../../shared/api/calls';
import { ErrorCode } from '../../shared/errors';
import type { RequestCounters } from '../domain/requestCounters';

/**
 * Requests per minute, by the name a call's row gives its limit: per address for login, register
 * (and the password reset) and SMS codes; per session for withdrawals (and adding an account), live
 * tickets and the ledger's proofs (a page of the fund log a call: 30 a minute is far more than a
 * member scrolls, and bounds the old periods' trees one session can make a server build).
 */
export type RateLimits = Record<LimitName, number>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: 10,
  register: 10,
  smsSend: 5,
  withdraw: 5,
  liveTicket: 20,
  ledgerProof: 30,
};

const WINDOW_MS = 60_000;

/**
 * @fastify/rate-limit's store over the database counters. Each limit names its counter in the key
 * (limitConfig), so every call shares this one store.
 */
export function databaseRateLimitStore(counters: RequestCounters): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number = WINDOW_MS,
    ): void {
      counters.hit(key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        // The plugin rethrows it: a database that is away answers 1004 (routes/errors.ts).
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * The rate limiter's options for a call's limit, counted under the limit's counter name: per
 * address (the address as TRUST_PROXY lets it be read), or per session (the auth hook has run by
 * then): what one session (a stolen token, say) spends does not use up what the member's other
 * sessions may do.
 */
export function limitConfig(limit: CallLimit, max: number) {
  const { counter, per, code = ErrorCode.NetworkErrorRefresh } = limit;
  const keyGenerator =
    per === 'address'
      ? (request: FastifyRequest) => `${counter}:${request.ip}`
      : (request: FastifyRequest) =>
          request.auth ? `${counter}:session:${request.auth.tokenHash}` : `${counter}:address:${request.ip}`;
  return { rateLimit: { max, timeWindow: WINDOW_MS, keyGenerator }, limitCode: code };
}

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
