import type { JSONRPCResponse, JSONRPCServerMiddleware } from 'json-rpc-2.0';
import {
  CACHE_TTL_MS,
  getVersionFeatures,
  JSON_RPC_ERRORS,
  META_KEYS,
  PROTOCOL_VERSIONS,
  type McpMethod,
} from '../service/mcp-protocol.ts';
import type { McpCallContext } from './method-context.ts';
import type { ServerDescription } from './server-description.ts';

/**
 * Methods that exist only before 2026-07-28. An initialize sent without the 2026-07-28 header
 * selects legacy semantics; with it, it is answered -32601 naming the supported versions.
 */
const LEGACY_ONLY_METHODS: ReadonlySet<string> = new Set<McpMethod>([
  'initialize',
  'ping',
  'notifications/initialized',
]);
/** Methods that exist only in 2026-07-28. */
const MODERN_ONLY_METHODS: ReadonlySet<string> = new Set<McpMethod>(['server/discover']);
/** Methods whose 2026-07-28 results tell clients they may cache them (ttlMs, cacheScope). */
const METHODS_WITH_CACHING_HINTS: ReadonlySet<string> = new Set<McpMethod>([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'skills/list',
  'skills/get',
]);

/**
 * Answers a method the request's protocol version lacks with -32601, and gives every 2026-07-28
 * result its resultType, caching hints and serverInfo.
 * @see MCP 2026-07-28 basic/index §Result metadata and server/utilities/caching
 */
export function createVersionMiddleware(
  server: ServerDescription,
): JSONRPCServerMiddleware<McpCallContext> {
  return async (next, request, context) => {
    const features = getVersionFeatures(context.version);
    const unavailable = features.modern
      ? LEGACY_ONLY_METHODS.has(request.method)
      : MODERN_ONLY_METHODS.has(request.method);
    if (unavailable) {
      return request.id === undefined
        ? null
        : {
            jsonrpc: '2.0',
            id: request.id,
            error: {
              code: JSON_RPC_ERRORS.methodNotFound,
              message: `Method not found: ${request.method} is not part of protocol version ${context.version}`,
              data: { supported: [...PROTOCOL_VERSIONS] },
            },
          };
    }
    const response = await next(request, context);
    if (!features.modern || !response || response.error !== undefined) return response;
    const result = response.result as Record<string, unknown>;
    const modernResult = {
      ...result,
      resultType: 'complete',
      ...(METHODS_WITH_CACHING_HINTS.has(request.method)
        ? { ttlMs: CACHE_TTL_MS, cacheScope: 'public' }
        : {}),
      _meta: {
        ...(result._meta as object | undefined),
        [META_KEYS.serverInfo]: server.serverInfo(features),
      },
    };
    return { jsonrpc: '2.0', id: response.id, result: modernResult } satisfies JSONRPCResponse;
  };
}
