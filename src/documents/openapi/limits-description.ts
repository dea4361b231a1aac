import { LIMITS } from '../../service/limits.ts';
import {
  BATCH_COUNTING,
  RATE_LIMITED_ENDPOINTS,
  type RateLimitPolicy,
} from '../../service/rate-limit-policy.ts';

/** What the 429 response says about the rate limit in force. */
export function describeRateLimit(rateLimit: RateLimitPolicy | undefined): string {
  const where = 'Static documents are limited only by the firewall of the hosting, if it has one.';
  return rateLimit
    ? `Too Many Requests. The ${RATE_LIMITED_ENDPOINTS} allow each client (by network address) ${rateLimit.limit} requests per ${rateLimit.windowSeconds} seconds, counted on each server instance; ${BATCH_COUNTING}. ${where}`
    : `Too Many Requests. The ${RATE_LIMITED_ENDPOINTS} apply no rate limit of their own. ${where}`;
}

/** Every limit, in one sentence per kind, for the API description. */
export function describeLimits(rateLimit: RateLimitPolicy | undefined): string {
  return [
    rateLimit
      ? `${rateLimit.limit} requests per client per ${rateLimit.windowSeconds} seconds at the ${RATE_LIMITED_ENDPOINTS} (${BATCH_COUNTING}; 429 with Retry-After, RateLimit and RateLimit-Policy);`
      : 'no rate limit of the functions themselves;',
    `request bodies up to ${LIMITS.mcpBodyBytes} bytes at the MCP endpoint and ${LIMITS.oauthBodyBytes} bytes at the OAuth endpoints (413);`,
    `JSON nested at most ${LIMITS.jsonDepth} levels deep and JSON-RPC batches of at most ${LIMITS.batchMessages} messages (JSON-RPC error -32600);`,
    `request targets up to ${LIMITS.urlLength} characters (414) and request heads up to ${LIMITS.headerBytes} bytes (431);`,
    `where the service runs its own server, it waits ${LIMITS.headersTimeoutSeconds} seconds for a request head and ${LIMITS.requestTimeoutSeconds} seconds for a whole request (408) and holds at most ${LIMITS.connections} connections, ${LIMITS.connectionsPerClient} per client address (503 with Retry-After).`,
  ].join(' ');
}
