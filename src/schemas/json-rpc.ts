import * as z from 'zod/mini';

/**
 * Written in zod/mini: the MCP function validates every message with these schemas at run time (a
 * few KB), and the OpenAPI document publishes the same schemas as its components.
 */

/** A JSON-RPC id as a message may carry it. @see JSON-RPC 2.0 §4 */
export const JsonRpcIdSchema = z.union([z.string(), z.number(), z.null()]);

/** A JSON-RPC 2.0 request or notification (docs/spec.md §2 JsonRpcRequest). @see JSON-RPC 2.0 §4 */
export const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.optional(JsonRpcIdSchema),
    method: z.string(),
    params: z.optional(z.record(z.string(), z.unknown())),
  })
  .register(z.globalRegistry, { id: 'JsonRpcRequest', title: 'JsonRpcRequest' });
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;

/** A JSON-RPC 2.0 response (docs/spec.md §2 JsonRpcResponse). @see JSON-RPC 2.0 §5 */
export const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.optional(JsonRpcIdSchema),
    result: z.optional(z.record(z.string(), z.unknown())),
    error: z.optional(
      z.object({ code: z.int(), message: z.string(), data: z.optional(z.unknown()) }),
    ),
  })
  .register(z.globalRegistry, { id: 'JsonRpcResponse', title: 'JsonRpcResponse' });
export type JsonRpcResponse = z.infer<typeof JsonRpcResponseSchema>;
