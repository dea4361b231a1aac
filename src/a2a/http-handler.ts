import type { JSONRPCServer } from 'json-rpc-2.0';
import type { PlainAnswer, PlainHandler } from '../http/plain-http.ts';
import { logToStderr, problemAnswer, type FailureLog } from '../http/problem.ts';
import { readRequestBody, type BodyRules } from '../http/request-body.ts';
import {
  asObject,
  buildErrorResponse,
  classifyMessage,
  type JsonRpcId,
} from '../mcp/json-rpc-messages.ts';
import type { McpSite } from '../mcp/tool-registry.ts';
import { MAX_NUMBER_ID } from '../schemas/json-rpc.ts';
import { A2A_ERRORS, A2A_VERSION_HEADER, A2A_VERSIONS } from '../service/a2a-protocol.ts';
import { findErrorKind, type ErrorCode } from '../service/error-kinds.ts';
import { LIMITS } from '../service/limits.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { EXPOSED_RATE_LIMIT_HEADERS } from '../service/rate-limit-policy.ts';
import { createA2aRpcServer } from './rpc-server.ts';

const ALLOWED_METHODS = 'POST, OPTIONS';

/** What the A2A endpoint takes in a POST: one JSON-RPC request, within its size and depth limits. */
const A2A_BODY_RULES: BodyRules<'json'> = {
  mediaType: MEDIA_TYPES.json,
  maxBytes: LIMITS.a2aBodyBytes,
  format: 'json',
};

/** Any origin may call: the agent is public and read-only, like /mcp. */
const CORS_HEADERS = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': `WWW-Authenticate, ${EXPOSED_RATE_LIMIT_HEADERS}`,
});
const JSON_HEADERS = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': MEDIA_TYPES.json,
  'Cache-Control': 'no-store',
});

export interface A2aHandlerOptions {
  /** The site's documents and the tools whose functions answer each skill. */
  readonly site: McpSite;
  readonly logFailure?: FailureLog;
}

/**
 * The A2A endpoint over the JSON-RPC binding, stateless: POST carries one JSON-RPC request
 * (rpc-server.ts answers it), OPTIONS answers CORS preflight, any other method gets a 405 problem.
 * A request naming an `A2A-Version` other than 1.0 or 0.3 gets -32009.
 * @see A2A 1.0 §9 (JSON-RPC protocol binding) and §3.6 (versioning)
 */
export function createA2aHandler(options: A2aHandlerOptions): PlainHandler {
  const rpc = createA2aRpcServer(options.site, options.logFailure ?? logToStderr);
  const { siteUrl } = options.site;

  return async (request) => {
    const problem = (code: ErrorCode, headers: Record<string, string> = {}, detail?: string) =>
      problemAnswer(
        siteUrl,
        { ...findErrorKind(code), instance: request.url.pathname, ...(detail ? { detail } : {}) },
        { ...CORS_HEADERS, ...headers },
      );
    switch (request.method) {
      case 'OPTIONS':
        return {
          status: 204,
          headers: {
            ...CORS_HEADERS,
            Allow: ALLOWED_METHODS,
            'Access-Control-Allow-Methods': ALLOWED_METHODS,
            'Access-Control-Allow-Headers': `Content-Type, Accept, Authorization, ${A2A_VERSION_HEADER}, A2A-Extensions`,
            'Access-Control-Max-Age': '86400',
          },
        };
      case 'POST':
        return await answerPost(request, rpc, problem);
      default:
        return problem(
          'method_not_allowed',
          { Allow: ALLOWED_METHODS },
          'The A2A endpoint takes JSON-RPC requests by POST; its agent card is /.well-known/agent-card.json.',
        );
    }
  };
}

type Problem = (code: ErrorCode, headers?: Record<string, string>, detail?: string) => PlainAnswer;

/**
 * The A2A version a request names: its `A2A-Version` header, else the request parameter of that
 * name, which clients may send instead; undefined when it names none.
 * @see A2A 1.0 §3.6.1 (client responsibilities)
 */
function readA2aVersion(request: Parameters<PlainHandler>[0]): string | undefined {
  const named =
    request.header(A2A_VERSION_HEADER) ?? request.url.searchParams.get(A2A_VERSION_HEADER);
  return named?.trim() || undefined;
}

/** Answers one POSTed JSON-RPC request; a refused body or envelope gets 400 and the JSON-RPC error. */
async function answerPost(
  request: Parameters<PlainHandler>[0],
  rpc: JSONRPCServer,
  problem: Problem,
): Promise<PlainAnswer> {
  const json = (body: unknown, status = 200): PlainAnswer => ({
    status,
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  });
  const refuse = (id: JsonRpcId, code: number, message: string, data?: unknown) =>
    json(buildErrorResponse(id, code, message, data), 400);

  const read = await readRequestBody(request, A2A_BODY_RULES);
  if (!read.ok) {
    switch (read.reason) {
      case 'media_type':
        return problem(
          'unsupported_media_type',
          {},
          `The A2A endpoint takes application/json; the request said ${read.given ? `"${read.given}"` : 'nothing'}.`,
        );
      case 'too_large':
        return problem(
          'payload_too_large',
          {},
          `Request bodies are limited to ${read.maxBytes} bytes.`,
        );
      case 'malformed':
        return refuse(null, A2A_ERRORS.parseError, 'Parse error: the body is not valid JSON.');
      case 'too_deep':
        return refuse(
          null,
          A2A_ERRORS.invalidRequest,
          `Invalid Request: arrays and objects nest more than ${read.maxDepth} levels deep.`,
        );
    }
  }
  const body = read.value;
  const classified = asObject(body) ? classifyMessage(body) : undefined;
  if (classified?.kind !== 'request') {
    return refuse(
      classified && 'id' in classified ? classified.id : null,
      A2A_ERRORS.invalidRequest,
      `Invalid Request: send one JSON-RPC 2.0 request object with jsonrpc "2.0", a string method and a string id or a number one of at most ${MAX_NUMBER_ID} either side of 0 (send a larger one as a string).`,
    );
  }
  const version = readA2aVersion(request);
  if (version && !(A2A_VERSIONS as readonly string[]).includes(version)) {
    return json(
      buildErrorResponse(
        classified.id,
        A2A_ERRORS.versionNotSupported,
        `A2A version ${version} is not supported; this agent speaks ${A2A_VERSIONS.join(' and ')}.`,
        { supportedVersions: [...A2A_VERSIONS] },
      ),
    );
  }
  // json-rpc-2.0 types a request by its own envelope; the message passed the published schema.
  return json(await rpc.receive(classified.message as Parameters<JSONRPCServer['receive']>[0]));
}
