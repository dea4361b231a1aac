/**
 * The rate-limit policy of the functions: how many requests a client may send per window, as
 * the variables set it and as the RateLimit-Policy field names it.
 * @see draft-ietf-httpapi-ratelimit-headers-11
 */
import { readWholeNumber } from './limits.ts';

/** At most `limit` requests per client in each window of `windowSeconds`. */
export interface RateLimitPolicy {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** The policy's name in the RateLimit fields. */
export const RATE_LIMIT_POLICY_NAME = 'per-client';

/** The rate-limit response fields, for Access-Control-Expose-Headers. */
export const EXPOSED_RATE_LIMIT_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After';

/** The limit when no variable sets one: 300 requests per client per minute. */
export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { limit: 300, windowSeconds: 60 };

/**
 * Where the rate limit applies, as the published documents name it (every function counts; the
 * 404 of an unknown API path is one too).
 */
export const RATE_LIMITED_ENDPOINTS = 'MCP, A2A and OAuth endpoints';

/** How a JSON-RPC batch counts, as the published documents say it. */
export const BATCH_COUNTING = 'a JSON-RPC batch counts one request per message';

/** The RateLimit-Policy field of a policy, e.g. `"per-client";q=300;w=60`. */
export function formatRateLimitPolicy(policy: RateLimitPolicy): string {
  return `"${RATE_LIMIT_POLICY_NAME}";q=${policy.limit};w=${policy.windowSeconds}`;
}

/** A rate-limit variable that is not a whole number in range. */
export class RateLimitConfigError extends Error {
  override readonly name = 'RateLimitConfigError';
}

/**
 * The policy the variables set: `RATE_LIMIT_MAX` requests (default 300; `0` turns limiting off)
 * per `RATE_LIMIT_WINDOW_SECONDS` (default 60, at most a day). Undefined when limiting is off.
 * @throws RateLimitConfigError when a variable is not a whole number in range.
 */
export function readRateLimitPolicy(
  env: Readonly<Record<string, string | undefined>>,
): RateLimitPolicy | undefined {
  const limit = readWholeNumber(
    env,
    'RATE_LIMIT_MAX',
    DEFAULT_RATE_LIMIT.limit,
    0,
    1e9,
    RateLimitConfigError,
  );
  const windowSeconds = readWholeNumber(
    env,
    'RATE_LIMIT_WINDOW_SECONDS',
    DEFAULT_RATE_LIMIT.windowSeconds,
    1,
    86_400,
    RateLimitConfigError,
  );
  return limit === 0 ? undefined : { limit, windowSeconds };
}
