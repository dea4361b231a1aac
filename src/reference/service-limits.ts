import { PAGE_SIZE } from '../mcp/pagination.ts';
import { REGISTRATION_LIMITS } from '../schemas/client-registration.ts';
import { LIMITS } from '../service/limits.ts';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_APPROVAL_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
} from '../service/oauth-lifetimes.ts';
import {
  BATCH_COUNTING,
  formatRateLimitPolicy,
  RATE_LIMITED_ENDPOINTS,
  type RateLimitPolicy,
} from '../service/rate-limit-policy.ts';

/** One row of the limits table on /docs: what is limited, to what, and the answer over it. */
export interface ServiceLimit {
  readonly limit: string;
  readonly value: string;
  readonly answer: string;
}

/** A byte count in KiB or MiB, as the limits table shows it. */
export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

/**
 * Every limit a client can meet, read from the constants the code enforces, with the answer over
 * it (an HTTP status and code, or a JSON-RPC error).
 * @see RFC 9110 §15.5
 */
export function listServiceLimits(rateLimit: RateLimitPolicy | null): ServiceLimit[] {
  return [
    {
      limit: 'MCP request body',
      value: formatBytes(LIMITS.mcpBodyBytes),
      answer: '413 payload_too_large',
    },
    {
      limit: 'A2A request body',
      value: formatBytes(LIMITS.a2aBodyBytes),
      answer: '413 payload_too_large',
    },
    {
      limit: 'OAuth register and token request bodies',
      value: formatBytes(LIMITS.oauthBodyBytes),
      answer: '413 payload_too_large',
    },
    {
      limit: 'Client name at registration',
      value: `${REGISTRATION_LIMITS.clientNameLength} characters`,
      answer: '400 invalid_client_metadata',
    },
    {
      limit: 'Redirect URIs at registration',
      value: `${REGISTRATION_LIMITS.redirectUris}, each up to ${REGISTRATION_LIMITS.redirectUriLength} characters`,
      answer: '400 invalid_redirect_uri',
    },
    {
      limit: 'Registration as a whole (the client_id it would give)',
      value: `${REGISTRATION_LIMITS.clientIdLength} characters`,
      answer: '400 invalid_client_metadata',
    },
    {
      limit: 'Client ID metadata document (an https URL as client_id)',
      value: `${formatBytes(LIMITS.clientMetadataBytes)}, fetched within ${LIMITS.clientMetadataTimeoutMs / 1000} seconds, no redirects, public addresses only; kept ${LIMITS.clientMetadataDefaultTtlSeconds} seconds (its Cache-Control max-age up to ${LIMITS.clientMetadataMaxTtlSeconds}), ${LIMITS.clientMetadataCacheEntries} kept in all and ${LIMITS.clientMetadataCacheEntriesPerHost} per host; host name lookups: ${LIMITS.hostLookupsPendingPerClient} at once per client address, a failed host refused for ${LIMITS.hostLookupFailureSeconds} seconds`,
      answer: '401 invalid_client at /oauth/token; shown as a 400 problem at /oauth/authorize',
    },
    {
      limit: 'Confirmation link for a web redirect URI',
      value: `${AUTHORIZATION_APPROVAL_LIFETIME_SECONDS} seconds; then the page is shown again`,
      answer: '200 the confirmation page',
    },
    {
      limit: 'Access token lifetime',
      value: `${ACCESS_TOKEN_LIFETIME_SECONDS} seconds; no refresh tokens`,
      answer: '401 invalid_token after expiry',
    },
    {
      limit: 'Authorization code lifetime',
      value: `${AUTHORIZATION_CODE_LIFETIME_SECONDS} seconds, redeemed once`,
      answer: '400 invalid_grant',
    },
    {
      limit: 'MCP list results (tools, resources, prompts)',
      value: `${PAGE_SIZE} per page; follow nextCursor`,
      answer: '-32602 for an invalid cursor',
    },
    {
      limit: 'JSON nesting in a request body',
      value: `${LIMITS.jsonDepth} levels`,
      answer: '-32600 at /mcp; 400 invalid_client_metadata at registration',
    },
    {
      limit: 'JSON-RPC batch (protocol version 2025-03-26)',
      value: `${LIMITS.batchMessages} messages`,
      answer: '-32600 Invalid Request',
    },
    {
      limit: 'Request target (path and query)',
      value: `${LIMITS.urlLength} characters`,
      answer: '414 uri_too_long',
    },
    {
      limit: 'Request line and headers',
      value: formatBytes(LIMITS.headerBytes),
      answer: '431 header_fields_too_large',
    },
    {
      limit: 'Expect header',
      value: '100-continue only',
      answer: '417 expectation_failed',
    },
    {
      limit: 'Transfer coding of a request body',
      value: 'chunked only, where the service runs its own server',
      answer: '501 not_implemented',
    },
    {
      limit: 'HTTP version',
      value: 'HTTP/1.1 and HTTP/1.0, where the service runs its own server',
      answer: '505 http_version_not_supported',
    },
    {
      limit: 'Time to send a request',
      value: `${LIMITS.headersTimeoutSeconds} s for the head, ${LIMITS.requestTimeoutSeconds} s in all, where the service runs its own server`,
      answer: '408 request_timeout',
    },
    {
      limit: 'Open connections to one server',
      value: `${LIMITS.connections} in all, ${LIMITS.connectionsPerClient} per client address, where the service runs its own server`,
      answer: '503 too_many_connections with Retry-After',
    },
    {
      limit: `Requests per client at the ${RATE_LIMITED_ENDPOINTS} and unknown API paths`,
      value: rateLimit
        ? `${rateLimit.limit} per ${rateLimit.windowSeconds} s (${BATCH_COUNTING}); every answer carries RateLimit-Policy (${formatRateLimitPolicy(rateLimit)}) and RateLimit`
        : 'None',
      answer: '429 rate_limited with Retry-After',
    },
  ];
}
