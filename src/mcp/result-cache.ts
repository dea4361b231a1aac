import type { JSONRPCResponse } from 'json-rpc-2.0';
import { asObject, type JsonRpcMessage } from './json-rpc-messages.ts';
import type { McpMethod, ProtocolVersion } from '../service/mcp-protocol.ts';

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
const RESPONSE_HEAD = Buffer.from('{"jsonrpc":"2.0","id":');
const RESPONSE_MIDDLE = Buffer.from(',"result":');
const RESPONSE_TAIL = Buffer.from('}');

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
  ): Buffer | undefined;
  /** Keeps the result of a successful response to a request whose result is pure. */
  keepAnswer(request: JsonRpcMessage, version: ProtocolVersion, response: JSONRPCResponse): void;
}

/** Creates an empty cache of encoded list and discovery results. */
export function createResultCache(): ResultCache {
  const results = new Map<string, Buffer>();
  return {
    readAnswer(id, request, version) {
      const key = readResultCacheKey(request, version);
      const result = key === undefined ? undefined : results.get(key);
      if (!result) return undefined;
      return Buffer.concat([
        RESPONSE_HEAD,
        Buffer.from(JSON.stringify(id)),
        RESPONSE_MIDDLE,
        result,
        RESPONSE_TAIL,
      ]);
    },
    keepAnswer(request, version, response) {
      const key = readResultCacheKey(request, version);
      if (key === undefined || response.error !== undefined) return;
      results.set(key, Buffer.from(JSON.stringify(response.result)));
    },
  };
}

/** The cache key of a request whose result is pure, or undefined. */
function readResultCacheKey(message: JsonRpcMessage, version: ProtocolVersion): string | undefined {
  const { method } = message;
  if (!METHODS_WITH_KEPT_RESULTS.has(method)) return undefined;
  const params = message.params === undefined ? {} : asObject(message.params);
  if (!params) return undefined;
  const { cursor, _meta: _ignored, ...rest } = params;
  if (Object.keys(rest).length > 0 || (cursor !== undefined && typeof cursor !== 'string'))
    return undefined;
  return `${version} ${method} ${cursor ?? ''}`;
}
