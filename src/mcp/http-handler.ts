import { CORS_ALLOWED_HEADERS } from '../http/methods.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { logToStderr, problemAnswer, type FailureLog } from '../http/problem.ts';
import type { McpEndpointMetadata } from '../schemas/mcp-endpoint-metadata.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { PROTOCOL_VERSIONS } from '../service/mcp-protocol.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { EXPOSED_RATE_LIMIT_HEADERS } from '../service/rate-limit-policy.ts';
import { answerJsonRpcPost, type PostContext } from './json-rpc-post.ts';
import { createResultCache } from './result-cache.ts';
import { createMcpRpcServer } from './rpc-server.ts';
import type { McpSite } from './tool-registry.ts';

const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

/** Response headers a browser client may read. */
const EXPOSED_RESPONSE_HEADERS = `WWW-Authenticate, Mcp-Protocol-Version, ${EXPOSED_RATE_LIMIT_HEADERS}`;

export interface McpHandlerOptions {
  /** The site's documents and the tools that answer over them. */
  readonly site: McpSite;
  /**
   * Origins a browser may call from; `*` (the default) allows all, which suits a public read-only
   * server. Requests without an Origin header (non-browser clients) are always answered.
   */
  readonly allowedOrigins?: readonly string[] | '*';
  readonly logFailure?: FailureLog;
}

/** Reads MCP_ALLOWED_ORIGINS: unset or "*" allows every origin, else a comma-separated list. */
export function parseAllowedOrigins(value: string | undefined): readonly string[] | '*' {
  if (!value || value.trim() === '*') return '*';
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * The MCP endpoint over the streamable HTTP transport, stateless and JSON-only: GET describes the
 * endpoint, POST carries JSON-RPC (json-rpc-post.ts), OPTIONS answers CORS preflight.
 * @see MCP 2025-11-25 basic/transports §Streamable HTTP and 2026-07-28 basic/transports/streamable-http
 */
export function createMcpHandler(options: McpHandlerOptions): PlainHandler {
  const { site } = options;
  const allowedOrigins = options.allowedOrigins ?? '*';
  const rpc = createMcpRpcServer(site, options.logFailure ?? logToStderr);
  const resultCache = createResultCache();
  const metadata: McpEndpointMetadata = {
    name: `${site.content.company.alternateName} MCP endpoint`,
    transport: 'streamable-http',
    protocol: 'mcp',
    message: `POST JSON-RPC 2.0 messages to ${site.urls.mcp} (Content-Type: application/json). Protocol versions ${PROTOCOL_VERSIONS.join(', ')}. Every tool is read-only; no authentication is required.`,
  };
  const metadataBody = JSON.stringify(metadata);
  const postContext = (cors: Readonly<Record<string, string>>): PostContext => ({
    rpc,
    resultCache,
    cors,
    jsonHeaders: jsonAnswerHeaders(cors),
    problem: (request, code, extraHeaders = {}, detail) =>
      problemAnswer(
        site.siteUrl,
        { ...findErrorKind(code), instance: request.url.pathname, ...(detail ? { detail } : {}) },
        { ...cors, ...extraHeaders },
      ),
  });
  // With every origin allowed, every answer carries the same CORS headers and a JSON answer the
  // same header set: both are made once (frozen, as answers share them) instead of per request.
  const anyOrigin = allowedOrigins === '*' ? postContext(corsHeaders(undefined, '*')) : undefined;

  // Not an async function: a POST's answer is the promise of json-rpc-post.ts itself, since each
  // async layer costs every request a promise and a turn of the microtask queue.
  return (request) => {
    const origin = request.header('origin');
    const context = anyOrigin ?? postContext(corsHeaders(origin, allowedOrigins));
    // MCP basic/transports §Security Warning: validate Origin (DNS rebinding, cross-site calls).
    if (origin !== undefined && allowedOrigins !== '*' && !allowedOrigins.includes(origin)) {
      return Promise.resolve(context.problem(request, 'forbidden_origin'));
    }
    if (request.method === 'POST') return answerJsonRpcPost(request, context);
    return Promise.resolve(answerWithoutMessage(request, context, metadataBody));
  };
}

/**
 * Answers the methods that carry no JSON-RPC: OPTIONS (CORS preflight), GET and HEAD (the
 * endpoint's description), and any other method (405).
 */
function answerWithoutMessage(
  request: PlainRequest,
  { cors, problem }: PostContext,
  metadataBody: string,
): PlainAnswer {
  switch (request.method) {
    case 'OPTIONS':
      return {
        status: 204,
        headers: {
          ...cors,
          Allow: ALLOWED_METHODS,
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
          'Access-Control-Max-Age': '86400',
        },
      };
    case 'GET':
    case 'HEAD':
      // No server-initiated stream is offered; answering an SSE GET with JSON makes clients re-poll.
      if (asksOnlyForEventStream(request.header('accept'))) {
        return problem(
          request,
          'method_not_allowed',
          { Allow: ALLOWED_METHODS },
          'This endpoint offers no server-initiated event stream; send JSON-RPC requests with POST.',
        );
      }
      return {
        status: 200,
        headers: { ...cors, 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'no-cache' },
        // The transport drops a HEAD's body, and keeps the Content-Length the GET sends.
        body: metadataBody,
      };
    default:
      return problem(request, 'method_not_allowed', { Allow: ALLOWED_METHODS });
  }
}

/** True when an Accept header names text/event-stream and nothing JSON can satisfy. */
function asksOnlyForEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((range) => range.split(';')[0]?.trim().toLowerCase());
  return (
    ranges.includes('text/event-stream') &&
    !ranges.some(
      (range) => range === 'application/json' || range === '*/*' || range === 'application/*',
    )
  );
}

/**
 * CORS headers for an answer: `*`, or the caller's origin when it is on the allowed list (none for
 * another origin). The rate limit's 429, answered before this handler runs, follows them too.
 */
export function corsHeaders(
  origin: string | undefined,
  allowedOrigins: readonly string[] | '*',
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS,
  };
  if (allowedOrigins === '*') headers['Access-Control-Allow-Origin'] = '*';
  else if (origin !== undefined && allowedOrigins.includes(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers.Vary = 'Origin';
  }
  return Object.freeze(headers);
}

/** The headers of a JSON-RPC answer: the CORS headers, the JSON media type, never cached. */
function jsonAnswerHeaders(
  cors: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  return Object.freeze({ ...cors, 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'no-store' });
}
