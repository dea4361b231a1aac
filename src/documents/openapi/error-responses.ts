import { findErrorKind, STANDARD_ERRORS, type ErrorCode } from '../../service/error-kinds.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import {
  DEFAULT_RATE_LIMIT,
  formatRateLimitPolicy,
  RATE_LIMIT_POLICY_NAME,
  RATE_LIMITED_ENDPOINTS,
  type RateLimitPolicy,
} from '../../service/rate-limit-policy.ts';
import type { ServiceUrls } from '../../service/urls.ts';
import { buildProblem } from '../problem.ts';
import { referSchema, type JsonObject } from './component-schemas.ts';
import { describeRateLimit } from './limits-description.ts';

/** OAuth endpoints answer errors with RFC 6749 §5.2 / RFC 7591 §3.2.2 bodies, as clients expect. */
export const OAUTH_ERROR_RESPONSES = {
  '400': {
    description: 'An OAuth error (RFC 6749 §5.2, RFC 7591 §3.2.2), e.g. invalid_request.',
    content: { 'application/json': { schema: referSchema('OAuthError') } },
  },
  '401': {
    description:
      'The client could not be authenticated (invalid_client, RFC 6749 §5.2): an unknown or altered client_id, or client credentials in an Authorization header (every client is public; WWW-Authenticate names the scheme sent).',
    headers: {
      'WWW-Authenticate': {
        description:
          'Present when the request carried an Authorization header: a challenge of the scheme it used, with the issuer as realm (RFC 6749 §5.2).',
        schema: { type: 'string' },
      },
    },
    content: { 'application/json': { schema: referSchema('OAuthError') } },
  },
};

/** The shared response (components.responses) of each endpoint-specific error kind. */
const ENDPOINT_RESPONSE_NAMES = {
  forbidden_origin: 'ForbiddenOrigin',
  request_timeout: 'RequestTimeout',
  payload_too_large: 'ContentTooLarge',
  uri_too_long: 'UriTooLong',
  unsupported_media_type: 'UnsupportedMediaType',
  expectation_failed: 'ExpectationFailed',
  header_fields_too_large: 'HeaderFieldsTooLarge',
  too_many_connections: 'TooManyConnections',
  not_implemented: 'NotImplemented',
  http_version_not_supported: 'HttpVersionNotSupported',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** A reference to the shared response of an endpoint-specific error kind. */
export function referEndpointResponse(code: keyof typeof ENDPOINT_RESPONSE_NAMES): {
  $ref: string;
} {
  return { $ref: `#/components/responses/${ENDPOINT_RESPONSE_NAMES[code]}` };
}

/**
 * Refusals any request can meet before an operation sees it (the server's limits on time, target
 * length, head size and open connections, the one expectation and the one transfer coding it
 * meets, and the HTTP version it speaks); every operation declares them.
 */
export const TRANSPORT_ERROR_RESPONSES = {
  '408': referEndpointResponse('request_timeout'),
  '414': referEndpointResponse('uri_too_long'),
  '417': referEndpointResponse('expectation_failed'),
  '431': referEndpointResponse('header_fields_too_large'),
  '501': referEndpointResponse('not_implemented'),
  '503': referEndpointResponse('too_many_connections'),
  '505': referEndpointResponse('http_version_not_supported'),
};

/**
 * The 503 of an operation that signs or verifies with the OAuth keys: over the local server's
 * connection caps, or a deployment whose functions lack OAUTH_SIGNING_KEYS at run time.
 */
export const SIGNING_ERROR_RESPONSES = {
  '503': { $ref: '#/components/responses/ServiceUnavailableOrSigningKeysMissing' },
};

/** The Problem responses every operation declares (docs/spec.md §4, §7). */
export const STANDARD_ERROR_RESPONSES = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '404': { $ref: '#/components/responses/NotFound' },
  '405': { $ref: '#/components/responses/MethodNotAllowed' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
  '500': { $ref: '#/components/responses/InternalServerError' },
} as const;

const STANDARD_RESPONSE_NAMES: Record<keyof typeof STANDARD_ERROR_RESPONSES, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '404': 'NotFound',
  '405': 'MethodNotAllowed',
  '429': 'TooManyRequests',
  '500': 'InternalServerError',
};

const RETRY_AFTER = {
  description: 'Seconds to wait before retrying.',
  schema: { type: 'integer' },
};

/** The headers a standard Problem response declares beside its body. */
function describeStandardHeaders(
  status: number,
  rateLimit: RateLimitPolicy | undefined,
): JsonObject | undefined {
  if (status === 405) {
    return {
      Allow: { description: 'The methods the resource supports.', schema: { type: 'string' } },
    };
  }
  if (status !== 429) return undefined;
  return {
    'Retry-After': RETRY_AFTER,
    RateLimit: {
      description: `The client's remaining quota \`r\` and seconds to reset \`t\` (draft-ietf-httpapi-ratelimit-headers), e.g. \`"${RATE_LIMIT_POLICY_NAME}";r=0;t=42\`. Sent on every answer of the ${RATE_LIMITED_ENDPOINTS}.`,
      schema: { type: 'string' },
    },
    'RateLimit-Policy': {
      description: `The quota \`q\` per window \`w\` seconds, e.g. \`${formatRateLimitPolicy(rateLimit ?? DEFAULT_RATE_LIMIT)}\`. Sent on every answer of the ${RATE_LIMITED_ENDPOINTS}.`,
      schema: { type: 'string' },
    },
  };
}

/**
 * The 401's description: declared on every operation, as the specification asks (docs/spec.md
 * §4), while only the endpoints that verify a bearer token ever answer it; an agent must not read
 * the declaration as a token being checked everywhere.
 */
const UNAUTHORIZED_DESCRIPTION =
  'Unauthorized: a bearer token was sent and failed verification (invalid_token). Only the MCP and A2A endpoints verify a token sent to them; every other operation ignores an Authorization header, and none requires one.';

/** The Problem responses every operation declares (docs/spec.md §4, §7), by component name. */
function buildStandardResponses(
  urls: ServiceUrls,
  rateLimit: RateLimitPolicy | undefined,
): Record<string, JsonObject> {
  return Object.fromEntries(
    STANDARD_ERRORS.map((error) => {
      const status = String(error.status) as keyof typeof STANDARD_RESPONSE_NAMES;
      const headers = describeStandardHeaders(error.status, rateLimit);
      return [
        STANDARD_RESPONSE_NAMES[status],
        {
          description:
            error.status === 429
              ? describeRateLimit(rateLimit)
              : error.status === 401
                ? UNAUTHORIZED_DESCRIPTION
                : error.title,
          ...(headers ? { headers } : {}),
          content: {
            [MEDIA_TYPES.problem]: {
              schema: referSchema('Problem'),
              example: buildProblem(urls.origin, {
                ...error,
                // A 401 is answered at the endpoints that verify a token (the MCP endpoint's).
                instance: error.status === 401 ? '/mcp' : '/api/v1/overview',
              }),
            },
          },
        },
      ];
    }),
  );
}

/** The Problem responses of endpoint-specific error kinds, by component name. */
function buildEndpointResponses(urls: ServiceUrls): Record<string, JsonObject> {
  const example = (code: 'too_many_connections' | 'signing_keys_missing') => ({
    value: buildProblem(urls.origin, { ...findErrorKind(code), instance: '/oauth/token' }),
  });
  const signing = {
    ServiceUnavailableOrSigningKeysMissing: {
      description:
        'Service Unavailable: over the connection caps (too_many_connections, with Retry-After), or the service cannot issue or check OAuth tokens at the moment (signing_keys_missing).',
      headers: { 'Retry-After': RETRY_AFTER },
      content: {
        [MEDIA_TYPES.problem]: {
          schema: referSchema('Problem'),
          examples: {
            too_many_connections: example('too_many_connections'),
            signing_keys_missing: example('signing_keys_missing'),
          },
        },
      },
    },
  };
  const byKind = Object.fromEntries(
    Object.entries(ENDPOINT_RESPONSE_NAMES).map(([code, name]) => {
      const kind = findErrorKind(code as keyof typeof ENDPOINT_RESPONSE_NAMES);
      return [
        name,
        {
          description: `${kind.title}: ${kind.detail}`,
          // The local server tells a client over its connection caps when to come back.
          ...(code === 'too_many_connections' ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
          content: {
            [MEDIA_TYPES.problem]: {
              schema: referSchema('Problem'),
              example: buildProblem(urls.origin, { ...kind, instance: '/mcp' }),
            },
          },
        },
      ];
    }),
  );
  return { ...byKind, ...signing };
}

/**
 * Every shared response (components.responses): the standard Problems, then those of particular
 * endpoints.
 * @see https://spec.openapis.org/oas/v3.1.1#components-object
 */
export function buildResponseComponents(
  urls: ServiceUrls,
  rateLimit: RateLimitPolicy | undefined,
): Record<string, JsonObject> {
  return { ...buildStandardResponses(urls, rateLimit), ...buildEndpointResponses(urls) };
}
