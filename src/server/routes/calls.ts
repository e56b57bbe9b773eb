/**
 * Registers every call of the contract by walking the call table (shared/api/calls.ts): its path,
 * and the route options its row asks for (its request limit, data.errCode on refusals, a session
 * checked a moment ago). The handlers come from the route files, one per domain; the compiler
 * fails when a call has none, so no path answers 404 because a list was not updated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CALLS, type CallDescriptor, type CallName } from '../../shared/api/calls';
import { limitConfig, type RateLimits } from './rateLimits';

/** What answers a call: the route file parses the body, asks the domain and wraps the answer. */
export type CallHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A handler for every call of the table. */
export type CallHandlers = Record<CallName, CallHandler>;

/** The route options a call's row asks for (read by the hooks in auth.ts, errors.ts and the rate limiter). */
function routeConfig(call: CallDescriptor, limits: RateLimits) {
  return {
    ...(call.limit ? limitConfig(call.limit, limits[call.limit.max]) : {}),
    ...(call.errCodeInData ? { errCodeInData: true } : {}),
    ...(call.cachedAuth ? { cachedAuth: true } : {}),
  };
}

export function registerCalls(app: FastifyInstance, handlers: CallHandlers, limits: RateLimits): void {
  for (const name of Object.keys(CALLS) as CallName[]) {
    const call: CallDescriptor = CALLS[name];
    app.post(call.path, { config: routeConfig(call, limits) }, handlers[name]);
  }
}
