import type { JSONRPCServer } from 'json-rpc-2.0';
import type { PlainAnswer, PlainRequest } from '../http/plain-http.ts';
import { readRequestBody, type BodyRefusal, type BodyRules } from '../http/request-body.ts';
import { MAX_NUMBER_ID } from '../schemas/json-rpc.ts';
import type { ErrorCode } from '../service/error-kinds.ts';
import { LIMITS } from '../service/limits.ts';
import {
  DEFAULT_HEADERLESS_VERSION,
  getVersionFeatures,
  isProtocolVersion,
  JSON_RPC_ERRORS,
  MCP_HEADERS,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from '../service/mcp-protocol.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import {
  answerBatch,
  answerMessage,
  asObject,
  buildErrorResponse,
  classifyMessage,
  type JsonRpcId,
} from './json-rpc-messages.ts';
import type { McpCallContext } from './method-context.ts';
import { checkModernRequest } from './modern-request-rules.ts';
import type { ResultCache } from './result-cache.ts';

/** What the MCP endpoint takes in a POST: JSON, within its size and depth limits. */
const MCP_BODY_RULES: BodyRules<'json'> = {
  mediaType: MEDIA_TYPES.json,
  maxBytes: LIMITS.mcpBodyBytes,
  format: 'json',
};

/** Makes a problem answer to a request, with the transport's CORS headers. */
export type ProblemAnswer = (
  request: PlainRequest,
  code: ErrorCode,
  headers?: Record<string, string>,
  detail?: string,
) => PlainAnswer;

/** What a POST is answered with: the method table, the kept results and the transport's answers. */
export interface PostContext {
  readonly rpc: JSONRPCServer<McpCallContext>;
  readonly resultCache: ResultCache;
  readonly cors: Readonly<Record<string, string>>;
  /** The headers of a JSON answer: `cors`, the JSON media type and `Cache-Control: no-store`. */
  readonly jsonHeaders: Readonly<Record<string, string>>;
  readonly problem: ProblemAnswer;
}

/**
 * Answers a POST of JSON-RPC: a request gets its response (200, or 404 for an unknown method in
 * 2026-07-28), a notification or a client's response 202 with no body, a refused message 400.
 * @see MCP 2025-11-25 basic/transports §Sending Messages to the Server
 */
export async function answerJsonRpcPost(
  request: PlainRequest,
  { rpc, resultCache, cors, jsonHeaders, problem }: PostContext,
): Promise<PlainAnswer> {
  // Answers are made by module functions rather than closures of each request: nothing is made
  // for the answers a request does not get.
  const read = await readRequestBody(request, MCP_BODY_RULES);
  if (!read.ok) return answerBodyRefusal(read, request, problem, jsonHeaders);
  const body = read.value;

  const header = request.header(MCP_HEADERS.protocolVersion);
  if (header !== undefined && !isProtocolVersion(header)) {
    const id = Array.isArray(body) ? undefined : asObject(body)?.id;
    return refuseMessage(
      jsonHeaders,
      typeof id === 'string' || typeof id === 'number' ? id : null,
      JSON_RPC_ERRORS.unsupportedProtocolVersion,
      `Unsupported protocol version: ${header}`,
      { supported: [...PROTOCOL_VERSIONS], requested: header },
    );
  }
  const version: ProtocolVersion = header ?? DEFAULT_HEADERLESS_VERSION;
  const features = getVersionFeatures(version);
  const context: McpCallContext = { version };

  if (Array.isArray(body)) {
    if (!features.batches) {
      return refuseMessage(
        jsonHeaders,
        null,
        JSON_RPC_ERRORS.invalidRequest,
        `JSON-RPC batches are not part of protocol version ${version}; send one message per request.`,
      );
    }
    // Each message of a batch is a request of its own to the rate limit: the first was counted
    // with the POST, and the rest are counted before any is run.
    if (body.length > 1 && body.length <= LIMITS.batchMessages) {
      const refusal = await request.charge?.(body.length - 1);
      if (refusal) return refusal;
    }
    const batch = await answerBatch(rpc, body, context);
    if (!batch.ok)
      return refuseMessage(jsonHeaders, null, JSON_RPC_ERRORS.invalidRequest, batch.message);
    return batch.responses.length > 0
      ? jsonAnswer(jsonHeaders, batch.responses, 200)
      : acceptedAnswer(cors);
  }

  if (asObject(body) === undefined) {
    return refuseMessage(
      jsonHeaders,
      null,
      JSON_RPC_ERRORS.invalidRequest,
      'Invalid Request: the body must be a JSON-RPC message object.',
    );
  }
  const classified = classifyMessage(body);
  switch (classified.kind) {
    case 'response':
      return features.modern
        ? refuseMessage(
            jsonHeaders,
            classified.id,
            JSON_RPC_ERRORS.invalidRequest,
            'Clients must not send JSON-RPC responses in protocol version 2026-07-28.',
          )
        : acceptedAnswer(cors);
    case 'invalid':
      return refuseMessage(
        jsonHeaders,
        classified.id,
        JSON_RPC_ERRORS.invalidRequest,
        `Invalid Request: a JSON-RPC 2.0 message needs jsonrpc "2.0", a string method and, for a request, a string id or a number one of at most ${MAX_NUMBER_ID} either side of 0 (send a larger one as a string).`,
      );
    case 'notification':
      // JSON-RPC 2.0 §4.1: a notification is not answered, whatever its method; 202 with no body.
      await answerMessage(rpc, classified.message, context);
      return acceptedAnswer(cors);
    case 'request': {
      const { id, message } = classified;
      if (features.modern) {
        const refusal = checkModernRequest(request, message, version);
        if (refusal) return refuseMessage(jsonHeaders, id, refusal.code, refusal.message);
      }
      const cached = resultCache.readAnswer(id, message, version);
      if (cached) return { status: 200, headers: jsonHeaders, body: cached };
      const response = await answerMessage(rpc, message, context);
      if (!response) return acceptedAnswer(cors);
      const kept = resultCache.keepAnswer(message, version, response);
      if (kept) return { status: 200, headers: jsonHeaders, body: kept };
      const status =
        features.modern && response.error?.code === JSON_RPC_ERRORS.methodNotFound ? 404 : 200;
      return jsonAnswer(jsonHeaders, response, status);
    }
  }
}

/** 202 with no body: a notification, or a client's response. */
function acceptedAnswer(cors: Readonly<Record<string, string>>): PlainAnswer {
  return { status: 202, headers: cors };
}

/** A JSON-RPC error response to a refused message, with status 400. */
function refuseMessage(
  headers: Readonly<Record<string, string>>,
  id: JsonRpcId,
  code: number,
  message: string,
  data?: unknown,
): PlainAnswer {
  return jsonAnswer(headers, buildErrorResponse(id, code, message, data), 400);
}

/** A JSON answer. */
function jsonAnswer(
  headers: Readonly<Record<string, string>>,
  body: unknown,
  status: number,
): PlainAnswer {
  return { status, headers, body: JSON.stringify(body) };
}

/** Each refused body in today's wire format: 415 and 413 problems, -32700 and -32600 errors. */
function answerBodyRefusal(
  refusal: BodyRefusal,
  request: PlainRequest,
  problem: ProblemAnswer,
  jsonHeaders: Readonly<Record<string, string>>,
): PlainAnswer {
  switch (refusal.reason) {
    case 'media_type':
      return problem(
        request,
        'unsupported_media_type',
        {},
        `The MCP endpoint takes application/json; the request said ${refusal.given ? `"${refusal.given}"` : 'nothing'}.`,
      );
    case 'too_large':
      return problem(
        request,
        'payload_too_large',
        {},
        `Request bodies are limited to ${refusal.maxBytes} bytes.`,
      );
    case 'malformed':
      return refuseMessage(
        jsonHeaders,
        null,
        JSON_RPC_ERRORS.parseError,
        'Parse error: the body is not valid JSON.',
      );
    case 'too_deep':
      return refuseMessage(
        jsonHeaders,
        null,
        JSON_RPC_ERRORS.invalidRequest,
        `Invalid Request: arrays and objects nest more than ${refusal.maxDepth} levels deep.`,
      );
  }
}
