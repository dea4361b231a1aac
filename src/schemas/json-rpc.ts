import { z } from 'zod';

const JsonRpcIdSchema = z.union([z.string(), z.number(), z.null()]);

/** A JSON-RPC 2.0 request or notification (SPEC §2 JsonRpcRequest; JSON-RPC 2.0 §4). */
export const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcIdSchema.optional(),
    method: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JsonRpcRequest', title: 'JsonRpcRequest' });
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;

/** A JSON-RPC 2.0 response (SPEC §2 JsonRpcResponse; JSON-RPC 2.0 §5). */
export const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcIdSchema.optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z
      .object({ code: z.int(), message: z.string(), data: z.unknown().optional() })
      .optional(),
  })
  .meta({ id: 'JsonRpcResponse', title: 'JsonRpcResponse' });
export type JsonRpcResponse = z.infer<typeof JsonRpcResponseSchema>;
