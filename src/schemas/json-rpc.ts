import * as z from 'zod/mini';

/**
 * Written in zod/mini: the MCP function validates every message with these schemas at run time (a
 * few KB), and the OpenAPI document publishes the same schemas as its components.
 */

/**
 * The largest magnitude of a number id: beyond 2^53 - 1 a parser that reads JSON numbers as
 * doubles (JavaScript's, this server's) no longer reads every integer exactly, so the id echoed
 * could differ from the id sent (9007199254740993 would come back as 9007199254740992). A larger
 * id is refused as an invalid request; send it as a string.
 */
export const MAX_NUMBER_ID = Number.MAX_SAFE_INTEGER;

/** A JSON-RPC id as a message may carry it. @see JSON-RPC 2.0 §4 */
export const JsonRpcIdSchema = z.union([
  z.string(),
  z.number().check(z.gte(-MAX_NUMBER_ID), z.lte(MAX_NUMBER_ID)),
  z.null(),
]);

/** A JSON-RPC 2.0 request or notification (docs/spec.md §2 JsonRpcRequest). @see JSON-RPC 2.0 §4 */
export const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0').check(z.describe('The protocol version: always 2.0')),
    id: z
      .optional(JsonRpcIdSchema)
      .check(z.describe('The request id, echoed in the response; absent for a notification')),
    method: z
      .string()
      .check(z.describe('The method to call (initialize, tools/list, tools/call, ...)')),
    params: z
      .optional(z.record(z.string(), z.unknown()))
      .check(z.describe('The parameters of the method, by name')),
  })
  .register(z.globalRegistry, { id: 'JsonRpcRequest', title: 'JsonRpcRequest' });
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;

/** A JSON-RPC 2.0 response (docs/spec.md §2 JsonRpcResponse). @see JSON-RPC 2.0 §5 */
export const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0').check(z.describe('The protocol version: always 2.0')),
    id: z
      .optional(JsonRpcIdSchema)
      .check(z.describe('The request id, echoed in the response; absent for a notification')),
    result: z
      .optional(z.record(z.string(), z.unknown()))
      .check(z.describe('The result of a successful call (absent when error is present)')),
    error: z
      .optional(
        z.object({
          code: z
            .int()
            .check(z.describe('The error code (JSON-RPC 2.0 §5.1, or this server’s own)')),
          message: z.string().check(z.describe('A short description of the error')),
          data: z
            .optional(z.unknown())
            .check(z.describe('More about the error, when there is more')),
        }),
      )
      .check(z.describe('The error of a failed call (absent when result is present)')),
  })
  .register(z.globalRegistry, { id: 'JsonRpcResponse', title: 'JsonRpcResponse' });
export type JsonRpcResponse = z.infer<typeof JsonRpcResponseSchema>;
