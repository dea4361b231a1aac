import type { JSONRPCResponse, JSONRPCServer } from 'json-rpc-2.0';
import { exceedsJsonDepth, LIMITS } from '../service/limits.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { CORS_ALLOWED_HEADERS } from '../http/methods.ts';
import { EXPOSED_RATE_LIMIT_HEADERS } from '../service/rate-limit-policy.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { findErrorKind, type ErrorCode } from '../service/error-kinds.ts';
import { logToStderr, problemAnswer, type FailureLog } from '../http/problem.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import type { McpEndpointMetadata } from '../schemas/mcp-endpoint-metadata.ts';
import {
  DEFAULT_HEADERLESS_VERSION,
  getVersionFeatures,
  isProtocolVersion,
  JSON_RPC_ERRORS,
  MCP_HEADERS,
  META_KEYS,
  NAMED_METHODS,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from '../service/mcp-protocol.ts';
import {
  asObject,
  classifyMessage,
  isJsonRpcId,
  type JsonRpcMessage,
} from './json-rpc-messages.ts';
import { createResultCache, type ResultCache } from './result-cache.ts';
import { createMcpRpcServer, type McpCallContext } from './rpc-server.ts';

/** The largest POST body accepted; one JSON-RPC message is far smaller. */
export const MAX_BODY_BYTES = LIMITS.mcpBodyBytes;

const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

/** Response headers a browser client may read. */
const EXPOSED_RESPONSE_HEADERS = `WWW-Authenticate, Mcp-Protocol-Version, ${EXPOSED_RATE_LIMIT_HEADERS}`;

export interface McpHandlerOptions {
  readonly site: SiteDocuments;
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
 * endpoint, POST carries JSON-RPC, OPTIONS answers CORS preflight.
 * @see MCP 2025-11-25 basic/transports §Streamable HTTP and 2026-07-28 basic/transports/streamable-http
 */
export function createMcpHandler(options: McpHandlerOptions): PlainHandler {
  const { site } = options;
  const allowedOrigins = options.allowedOrigins ?? '*';
  const logFailure = options.logFailure ?? logToStderr;
  const rpc = createMcpRpcServer(site, logFailure);
  const resultCache = createResultCache();
  const metadata: McpEndpointMetadata = {
    name: `${site.content.company.alternateName} MCP endpoint`,
    transport: 'streamable-http',
    protocol: 'mcp',
    message: `POST JSON-RPC 2.0 messages to ${site.urls.mcp} (Content-Type: application/json). Protocol versions ${PROTOCOL_VERSIONS.join(', ')}. Every tool is read-only; no authentication is required.`,
  };
  const metadataBody = JSON.stringify(metadata);

  return async (request) => {
    const origin = request.header('origin');
    const cors = corsHeaders(origin, allowedOrigins);
    const problem = (code: ErrorCode, extraHeaders: Record<string, string> = {}, detail?: string) =>
      problemAnswer(
        site.siteUrl,
        { ...findErrorKind(code), instance: request.url.pathname, ...(detail ? { detail } : {}) },
        { ...cors, ...extraHeaders },
      );

    if (origin !== undefined && allowedOrigins !== '*' && !allowedOrigins.includes(origin)) {
      return problem('forbidden_origin');
    }

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
            'method_not_allowed',
            { Allow: ALLOWED_METHODS },
            'This endpoint offers no server-initiated event stream; send JSON-RPC requests with POST.',
          );
        }
        return {
          status: 200,
          headers: { ...cors, 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'no-cache' },
          body: request.method === 'HEAD' ? null : metadataBody,
        };
      case 'POST':
        return answerPost(request, rpc, resultCache, cors, problem);
      default:
        return problem('method_not_allowed', { Allow: ALLOWED_METHODS });
    }
  };
}

async function answerPost(
  request: PlainRequest,
  rpc: JSONRPCServer<McpCallContext>,
  resultCache: ResultCache,
  cors: Record<string, string>,
  problem: (code: ErrorCode, headers?: Record<string, string>, detail?: string) => PlainAnswer,
): Promise<PlainAnswer> {
  const jsonHeaders = { ...cors, 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'no-store' };
  const json = (body: unknown, status = 200): PlainAnswer => ({
    status,
    headers: jsonHeaders,
    body: JSON.stringify(body),
  });
  const accepted = (): PlainAnswer => ({ status: 202, headers: cors });
  const rpcError = (id: unknown, code: number, message: string, data?: unknown, status = 400) =>
    json(
      {
        jsonrpc: '2.0',
        id: isJsonRpcId(id) ? id : null,
        error: { code, message, ...(data === undefined ? {} : { data }) },
      },
      status,
    );

  const mediaType = (request.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return problem(
      'unsupported_media_type',
      {},
      `The MCP endpoint takes application/json; the request said ${mediaType ? `"${mediaType}"` : 'nothing'}.`,
    );
  }
  const text = await request.text(MAX_BODY_BYTES);
  if (text === undefined) {
    return problem(
      'payload_too_large',
      {},
      `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcError(null, JSON_RPC_ERRORS.parseError, 'Parse error: the body is not valid JSON.');
  }
  if (exceedsJsonDepth(body)) {
    return rpcError(
      null,
      JSON_RPC_ERRORS.invalidRequest,
      `Invalid Request: arrays and objects nest more than ${LIMITS.jsonDepth} levels deep.`,
    );
  }

  const first = Array.isArray(body) ? undefined : asObject(body);
  const header = request.header(MCP_HEADERS.protocolVersion);
  if (header !== undefined && !isProtocolVersion(header)) {
    return rpcError(
      first?.id,
      JSON_RPC_ERRORS.unsupportedProtocolVersion,
      `Unsupported protocol version: ${header}`,
      {
        supported: [...PROTOCOL_VERSIONS],
        requested: header,
      },
    );
  }
  const version: ProtocolVersion = header ?? DEFAULT_HEADERLESS_VERSION;
  const features = getVersionFeatures(version);
  const context: McpCallContext = { version };

  if (Array.isArray(body)) {
    if (!features.batches) {
      return rpcError(
        null,
        JSON_RPC_ERRORS.invalidRequest,
        `JSON-RPC batches are not part of protocol version ${version}; send one message per request.`,
      );
    }
    if (body.length === 0)
      return rpcError(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: the batch is empty.');
    if (body.length > LIMITS.batchMessages) {
      return rpcError(
        null,
        JSON_RPC_ERRORS.invalidRequest,
        `Invalid Request: a batch holds at most ${LIMITS.batchMessages} messages; this one holds ${body.length}.`,
      );
    }
    const responses: JSONRPCResponse[] = [];
    for (const message of body) {
      const response = await answerMessage(rpc, message, context, true);
      if (response) responses.push(response);
    }
    return responses.length > 0 ? json(responses) : accepted();
  }

  if (!first)
    return rpcError(
      null,
      JSON_RPC_ERRORS.invalidRequest,
      'Invalid Request: the body must be a JSON-RPC message object.',
    );
  const kind = classifyMessage(first);
  if (kind === 'response') {
    return features.modern
      ? rpcError(
          first.id,
          JSON_RPC_ERRORS.invalidRequest,
          'Clients must not send JSON-RPC responses in protocol version 2026-07-28.',
        )
      : accepted();
  }
  if (kind === 'invalid') {
    return rpcError(
      first.id,
      JSON_RPC_ERRORS.invalidRequest,
      'Invalid Request: a JSON-RPC 2.0 message needs jsonrpc "2.0", a string method and, for a request, a string or number id.',
    );
  }
  if (features.modern && kind === 'request') {
    const refusal = checkModernRequest(request, first, version);
    if (refusal) return rpcError(first.id, refusal.code, refusal.message, refusal.data);
  }
  if (kind === 'notification') {
    // JSON-RPC 2.0 §4.1: a notification is not answered, whatever its method; 202 with no body.
    await answerMessage(rpc, first, context, false);
    return accepted();
  }
  const id = first.id as string | number; // classifyMessage found a string or number id
  const cached = resultCache.readAnswer(id, first, version);
  if (cached) return { status: 200, headers: jsonHeaders, body: cached };
  const response = await answerMessage(rpc, first, context, false);
  if (!response) return accepted();
  resultCache.keepAnswer(first, version, response);
  const status =
    features.modern && response.error?.code === JSON_RPC_ERRORS.methodNotFound ? 404 : 200;
  return json(response, status);
}

async function answerMessage(
  rpc: JSONRPCServer<McpCallContext>,
  message: unknown,
  context: McpCallContext,
  inBatch: boolean,
): Promise<JSONRPCResponse | null> {
  const object = asObject(message);
  const kind = object ? classifyMessage(object) : 'invalid';
  if (kind === 'response') return null;
  const id = object && isJsonRpcId(object.id) ? object.id : null;
  if (!object || kind === 'invalid') {
    return {
      jsonrpc: '2.0',
      id,
      error: { code: JSON_RPC_ERRORS.invalidRequest, message: 'Invalid Request' },
    };
  }
  if (inBatch && object.method === 'initialize') {
    // MCP 2025-03-26 basic/lifecycle: "The initialize request MUST NOT be part of a JSON-RPC batch";
    // a notification still gets no answer (JSON-RPC 2.0 §4.1).
    if (kind === 'notification') return null;
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: JSON_RPC_ERRORS.invalidRequest,
        message: 'initialize must not be sent in a batch',
      },
    };
  }
  return rpc.receive(object as never, context);
}

/** Checks the 2026-07-28 per-request metadata and the Mcp-Method / Mcp-Name headers. */
function checkModernRequest(
  request: PlainRequest,
  message: JsonRpcMessage,
  version: ProtocolVersion,
): { code: number; message: string; data?: unknown } | undefined {
  const method = message.method as string;
  const params = asObject(message.params);
  const meta = asObject(params?._meta);
  const metaVersion = meta?.[META_KEYS.protocolVersion];
  if (
    !meta ||
    typeof metaVersion !== 'string' ||
    asObject(meta[META_KEYS.clientCapabilities]) === undefined
  ) {
    return {
      code: JSON_RPC_ERRORS.invalidParams,
      message: `params._meta must carry "${META_KEYS.protocolVersion}" and "${META_KEYS.clientCapabilities}" in protocol version ${version}.`,
    };
  }
  if (metaVersion !== version) {
    return {
      code: JSON_RPC_ERRORS.headerMismatch,
      message: `The MCP-Protocol-Version header (${version}) does not match params._meta (${metaVersion}).`,
    };
  }
  const methodHeader = decodeHeaderValue(request.header(MCP_HEADERS.method));
  if (methodHeader !== method) {
    return {
      code: JSON_RPC_ERRORS.headerMismatch,
      message:
        methodHeader === undefined
          ? 'The Mcp-Method header is required.'
          : `The Mcp-Method header (${methodHeader}) does not match the method (${method}).`,
    };
  }
  const nameField = NAMED_METHODS[method];
  if (nameField) {
    const expected = params?.[nameField];
    const nameHeader = decodeHeaderValue(request.header(MCP_HEADERS.name));
    if (typeof expected === 'string' && nameHeader !== expected) {
      return {
        code: JSON_RPC_ERRORS.headerMismatch,
        message:
          nameHeader === undefined
            ? `The Mcp-Name header is required for ${method}.`
            : `The Mcp-Name header (${nameHeader}) does not match params.${nameField} (${expected}).`,
      };
    }
  }
  return undefined;
}

/** Decodes a header value, including the `=?base64?...?=` form for non-ASCII values (2026-07-28). */
function decodeHeaderValue(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const encoded = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  if (!encoded) return value;
  const bytes = Buffer.from(encoded[1] ?? '', 'base64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
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

function corsHeaders(
  origin: string | undefined,
  allowedOrigins: readonly string[] | '*',
): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS,
  };
  if (allowedOrigins === '*') headers['Access-Control-Allow-Origin'] = '*';
  else if (origin !== undefined && allowedOrigins.includes(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers.Vary = 'Origin';
  }
  return headers;
}
