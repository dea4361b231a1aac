import { LIMITS } from './limits.ts';

/** One kind of error this service answers with: its status, reason phrase and stable code. */
export interface ErrorKind {
  readonly status: number;
  readonly title: string;
  readonly code: string;
  readonly detail: string;
  readonly hint?: string;
  readonly resolution?: string;
}

/** The error kinds every operation declares (docs/spec.md §4, §7.2), with text an agent can act on. */
export const STANDARD_ERRORS = [
  {
    status: 400,
    title: 'Bad Request',
    code: 'bad_request',
    detail: 'The request could not be understood.',
    hint: 'A parameter, header or body is malformed.',
    resolution: 'Correct the request as the OpenAPI description shows, then send it again.',
  },
  {
    status: 401,
    title: 'Unauthorized',
    code: 'invalid_token',
    detail: 'The bearer token is not valid.',
    hint: 'No token is required; a token that is sent must be valid.',
    resolution:
      'Send the request without an Authorization header, or with a fresh token from /oauth/token.',
  },
  {
    status: 404,
    title: 'Not Found',
    code: 'not_found',
    detail: 'There is no resource at this path.',
    hint: 'The path may be misspelled, or belong to another API version.',
    resolution: 'See the OpenAPI description at /openapi.json for the paths this service offers.',
  },
  {
    status: 405,
    title: 'Method Not Allowed',
    code: 'method_not_allowed',
    detail: 'This resource does not support the request method.',
    hint: 'The Allow header lists the methods it supports.',
    resolution: 'Send the request again with one of the methods in the Allow header.',
  },
  {
    status: 429,
    title: 'Too Many Requests',
    code: 'rate_limited',
    detail: 'Too many requests from this client.',
    hint: 'The rate limit for this client is used up for now.',
    resolution: 'Wait for the number of seconds in the Retry-After header, then try again.',
  },
  {
    status: 500,
    title: 'Internal Server Error',
    code: 'internal_error',
    detail: 'The server failed to answer this request.',
    hint: 'This is a fault of the service, not of the request.',
    resolution: 'Try again later; if it persists, report it with the request id.',
  },
] as const satisfies readonly ErrorKind[];

/** Further error kinds of particular endpoints (documented on the operations that use them). */
export const ENDPOINT_ERRORS = [
  {
    status: 403,
    title: 'Forbidden',
    code: 'forbidden_origin',
    detail: 'Requests from this Origin are not accepted.',
    hint: 'The server only accepts browser requests from the origins it is configured to allow.',
    resolution:
      'Call the endpoint from an allowed origin, or from a client that sends no Origin header.',
  },
  {
    status: 403,
    title: 'Forbidden',
    code: 'forbidden_host',
    detail: 'This server does not answer for the requested Host.',
    hint: 'This server only answers requests addressed to its own host name, which protects it from DNS rebinding.',
    resolution:
      'Send the request to the address the site publishes: the origin of its pages and of the servers in its OpenAPI description.',
  },
  {
    status: 408,
    title: 'Request Timeout',
    code: 'request_timeout',
    detail: 'The request was not received in time.',
    hint: `The server waits ${LIMITS.headersTimeoutSeconds} seconds for a request head and ${LIMITS.requestTimeoutSeconds} seconds for a whole request.`,
    resolution: 'Send the whole request promptly, on a new connection.',
  },
  {
    status: 413,
    title: 'Content Too Large',
    code: 'payload_too_large',
    detail: 'The request body is larger than this endpoint accepts.',
    hint: `Bodies are limited to ${LIMITS.mcpBodyBytes} bytes at the MCP endpoint and ${LIMITS.oauthBodyBytes} bytes at the OAuth endpoints.`,
    resolution: 'Send a smaller body; one JSON-RPC message per request is plenty.',
  },
  {
    status: 414,
    title: 'URI Too Long',
    code: 'uri_too_long',
    detail: 'The request target is longer than this server accepts.',
    hint: `Request targets (path and query) are limited to ${LIMITS.urlLength} characters.`,
    resolution: 'Send a shorter path and query; no operation of this service needs a long one.',
  },
  {
    status: 415,
    title: 'Unsupported Media Type',
    code: 'unsupported_media_type',
    detail: 'The request body has a media type this endpoint does not accept.',
    hint: 'The Content-Type header names the media type of the body.',
    resolution: 'Send the body as application/json with Content-Type: application/json.',
  },
  {
    status: 417,
    title: 'Expectation Failed',
    code: 'expectation_failed',
    detail: 'The Expect header asks for something this server does not do.',
    hint: 'The only expectation this server meets is 100-continue (RFC 9110 §10.1.1).',
    resolution: 'Send the request without the Expect header, or with Expect: 100-continue.',
  },
  {
    status: 431,
    title: 'Request Header Fields Too Large',
    code: 'header_fields_too_large',
    detail: 'The request line and headers are larger than this server accepts.',
    hint: `The request line and headers together are limited to ${LIMITS.headerBytes} bytes.`,
    resolution: 'Send fewer or smaller headers (large cookies are the usual cause).',
  },
  {
    status: 501,
    title: 'Not Implemented',
    code: 'not_implemented',
    detail: 'The request body is sent in a transfer coding this server does not understand.',
    hint: 'The only transfer coding this server reads is chunked (RFC 9112 §6.1, §7).',
    resolution:
      'Send the body with a Content-Length, or with Transfer-Encoding: chunked alone; compress it, if at all, with Content-Encoding.',
  },
  {
    status: 503,
    title: 'Service Unavailable',
    code: 'signing_keys_missing',
    detail: 'The service cannot issue or check OAuth tokens at the moment.',
    hint: 'The OAuth setup of this site is incomplete; nothing in the request causes it, and no token is needed to use the service.',
    resolution:
      'Call the MCP endpoint and the documents without an Authorization header, and try the OAuth endpoints again later; if it persists, tell the site owner.',
  },
  {
    status: 503,
    title: 'Service Unavailable',
    code: 'too_many_connections',
    detail: 'The server holds as many connections as it accepts.',
    hint: `The server holds at most ${LIMITS.connections} open connections in all and ${LIMITS.connectionsPerClient} from one client address, unless it is set otherwise.`,
    resolution:
      'Close idle connections or reuse one, then try again after the seconds in Retry-After.',
  },
  {
    status: 505,
    title: 'HTTP Version Not Supported',
    code: 'http_version_not_supported',
    detail: 'The request uses a major version of HTTP this server does not speak.',
    hint: 'This server speaks HTTP/1.1 and HTTP/1.0 (RFC 9110 §15.6.6).',
    resolution: 'Send the request again as HTTP/1.1.',
  },
] as const satisfies readonly ErrorKind[];

export type ErrorCode =
  (typeof STANDARD_ERRORS)[number]['code'] | (typeof ENDPOINT_ERRORS)[number]['code'];

const ERROR_KINDS: ReadonlyMap<string, ErrorKind> = new Map(
  [...STANDARD_ERRORS, ...ENDPOINT_ERRORS].map((kind) => [kind.code, kind]),
);

/** Looks up an error kind by its code. */
export function findErrorKind(code: ErrorCode): ErrorKind {
  const kind = ERROR_KINDS.get(code);
  if (!kind) throw new Error(`unknown error code ${code}`);
  return kind;
}
