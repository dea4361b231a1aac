import type { JSONRPCResponse } from 'json-rpc-2.0';
import { asObject, type JsonRpcMessage } from './json-rpc-messages.ts';
import type { McpMethod, ProtocolVersion } from '../service/mcp-protocol.ts';
import { noteRequest, readRequestNotes } from '../http/request-notes.ts';
import { readClientName } from './client-name.ts';

/**
 * List and discovery results depend only on the protocol version, the method and the cursor, and
 * are the largest answers (tools/list is about 8 KB): their encoded JSON is kept, and each answer
 * splices the request id in front of it instead of serializing the result again.
 */
const METHODS_WITH_KEPT_RESULTS: ReadonlySet<string> = new Set<McpMethod>([
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'server/discover',
]);

/**
 * Every tool answers from the build's documents (read-only, idempotent), so a tools/call result
 * depends only on the protocol version, the tool's name and its arguments. The results of the
 * latest distinct calls are kept encoded too, within these bounds: the oldest is dropped first.
 */
export const KEPT_TOOL_RESULTS = {
  /** Distinct calls kept. */
  entries: 512,
  /** Bytes of encoded results kept in all (the keys are bounded by `keyLength`). */
  bytes: 4 * 1024 * 1024,
  /** A call whose name and arguments serialize longer than this is never kept. */
  keyLength: 512,
} as const;

/**
 * A kept answer as it is sent: the response's head with the request's id, as text, then the kept
 * result with the response's closing brace, the same bytes for every request. Sent in parts, the
 * result is never copied into a buffer of each answer's own.
 */
export type EncodedAnswer = readonly [head: string, result: Buffer];

/**
 * Encoded answers to requests whose result is pure. Only a request has an id to splice in: a
 * notification gets no answer at all (JSON-RPC 2.0 §4.1), so it never reaches this cache.
 */
export interface ResultCache {
  /** The encoded response to a request whose result is kept, or undefined. */
  readAnswer(
    id: string | number,
    request: JsonRpcMessage,
    version: ProtocolVersion,
  ): EncodedAnswer | undefined;
  /**
   * Keeps the result of a successful response to a request whose result is pure, and returns the
   * encoded response (its parts joined are the bytes `JSON.stringify(response)` gives), or
   * undefined when the result is not kept.
   */
  keepAnswer(
    request: JsonRpcMessage,
    version: ProtocolVersion,
    response: JSONRPCResponse,
  ): EncodedAnswer | undefined;
}

/**
 * A kept result: its bytes (with the response's closing brace), and what the tool call that made
 * it noted for the owner's insight report (the tool, a search query), noted again for each request
 * it answers, as the method table would have.
 */
interface KeptResult {
  readonly bytes: Buffer;
  readonly tool: string | undefined;
  readonly query: string | undefined;
}

/** Creates an empty cache of encoded list, discovery and tool-call results. */
export function createResultCache(): ResultCache {
  const lists = new Map<string, KeptResult>();
  const calls = new Map<string, KeptResult>();
  let callBytes = 0;
  const keep = (key: string, result: KeptResult) => {
    if (!key.startsWith(TOOL_CALL_KEY_PREFIX)) {
      lists.set(key, result);
      return;
    }
    const { length } = result.bytes;
    if (length > KEPT_TOOL_RESULTS.bytes) return;
    for (const [oldest, kept] of calls) {
      if (calls.size < KEPT_TOOL_RESULTS.entries && callBytes + length <= KEPT_TOOL_RESULTS.bytes)
        break;
      calls.delete(oldest);
      callBytes -= kept.bytes.length;
    }
    calls.set(key, result);
    callBytes += length;
  };
  return {
    readAnswer(id, request, version) {
      const key = readResultCacheKey(request, version);
      if (key === undefined) return undefined;
      const kept = (key.startsWith(TOOL_CALL_KEY_PREFIX) ? calls : lists).get(key);
      if (!kept) return undefined;
      // What the method table notes for the insight report when it answers (docs/insight.md).
      noteRequest({
        mcpMethod: request.method,
        mcpClient: readClientName(request),
        mcpTool: kept.tool,
        query: kept.query,
      });
      return encodeResponse(id, kept.bytes);
    },
    keepAnswer(request, version, response) {
      const key = readResultCacheKey(request, version);
      if (key === undefined || response.error !== undefined || calls.has(key)) return undefined;
      // The result with the response's closing brace: the part every answer shares.
      const bytes = Buffer.from(`${JSON.stringify(response.result)}}`);
      const noted = readRequestNotes();
      keep(key, { bytes, tool: noted?.mcpTool, query: noted?.query });
      return encodeResponse(response.id as string | number, bytes);
    },
  };
}

/** A response around an encoded result, byte for byte what JSON.stringify writes. */
function encodeResponse(id: string | number, resultAndTail: Buffer): EncodedAnswer {
  return [`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, resultAndTail];
}

const TOOL_CALL_KEY_PREFIX = 'call ';

/** The cache key of a request whose result is pure, or undefined. */
function readResultCacheKey(message: JsonRpcMessage, version: ProtocolVersion): string | undefined {
  const { method } = message;
  const params = message.params === undefined ? {} : asObject(message.params);
  if (!params) return undefined;
  if (method === 'tools/call') {
    const { name, arguments: args } = params;
    if (typeof name !== 'string' || !hasOnlyMembers(params, 'name', 'arguments')) return undefined;
    // An absent arguments member (taken as {}) and `null` (refused) must not share a key.
    const call = JSON.stringify(args === undefined ? [name] : [name, args]);
    if (call.length > KEPT_TOOL_RESULTS.keyLength) return undefined;
    return `${TOOL_CALL_KEY_PREFIX}${version} ${call}`;
  }
  if (!METHODS_WITH_KEPT_RESULTS.has(method)) return undefined;
  const { cursor } = params;
  if (!hasOnlyMembers(params, 'cursor') || (cursor !== undefined && typeof cursor !== 'string'))
    return undefined;
  return `${version} ${method} ${cursor ?? ''}`;
}

/**
 * Whether params hold no member but those named (and `_meta`, which is ignored): any other member
 * makes the request one not kept.
 */
function hasOnlyMembers(params: Record<string, unknown>, first: string, second = first): boolean {
  for (const member of Object.keys(params)) {
    if (member !== '_meta' && member !== first && member !== second) return false;
  }
  return true;
}
