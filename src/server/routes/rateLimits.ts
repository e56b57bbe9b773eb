/** Per-IP limits on the paths that create accounts, sessions or SMS traffic. */
import { ErrorCode } from '../../shared/errors';

export interface RateLimits {
  /** Requests per minute per IP. */
  login: number;
  register: number;
  smsSend: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { login: 10, register: 10, smsSend: 5 };

export function limitConfig(max: number, limitCode: number = ErrorCode.NetworkErrorRefresh) {
  return { rateLimit: { max, timeWindow: 60_000 }, limitCode };
}
