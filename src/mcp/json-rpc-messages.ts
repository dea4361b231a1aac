import type { JSONRPCResponse, JSONRPCServer } from 'json-rpc-2.0';
import * as z from 'zod/mini';
import {
  JsonRpcIdSchema,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  MAX_NUMBER_ID,
  type JsonRpcRequest,
} from '../schemas/json-rpc.ts';
import { LIMITS } from '../service/limits.ts';
import { JSON_RPC_ERRORS } from '../service/mcp-protocol.ts';
import type { McpCallContext } from './method-context.ts';

/**
 * The published JsonRpcRequest, which also lets params come by position (JSON-RPC 2.0 §4.2): such a
 * message is a well-formed request whose params MCP does not take, so its method answers -32602.
 */
const JsonRpcEnvelopeSchema = z.extend(JsonRpcRequestSchema, {
  params: z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
});

/** A request or notification that passed the envelope schema. */
export type JsonRpcMessage = Omit<JsonRpcRequest, 'params'> & { readonly params?: unknown };

/** A JSON-RPC id: a string or a number for a request; null only in an answer to an unreadable one. */
export type JsonRpcId = string | number | null;

/** What a message is, by JSON-RPC 2.0 §4 (request, notification) and §5 (response). */
export type ClassifiedMessage =
  | { readonly kind: 'request'; readonly id: string | number; readonly message: JsonRpcMessage }
  | { readonly kind: 'notification'; readonly message: JsonRpcMessage }
  | { readonly kind: 'response'; readonly id: JsonRpcId }
  | { readonly kind: 'invalid'; readonly id: JsonRpcId };

/**
 * Tells a request (with an id) from a notification (without one), a response sent by a client,
 * and anything else, by the published JsonRpcRequest and JsonRpcResponse schemas. MCP requests
 * carry a string or number id, never null; a number beyond MAX_NUMBER_ID is no id it can echo
 * exactly, so its message is invalid and answered with the id null.
 * @see JSON-RPC 2.0 §4.1 Notification; MCP 2025-11-25 basic §Requests
 */
export function classifyMessage(value: unknown): ClassifiedMessage {
  const object = asObject(value);
  const plain = object && readPlainRequest(object);
  if (plain) return plain;
  const id = isJsonRpcId(object?.id) ? object.id : null;
  const request = JsonRpcEnvelopeSchema.safeParse(value);
  if (request.success && object) {
    if (!('id' in object)) return { kind: 'notification', message: request.data };
    return id === null ? { kind: 'invalid', id } : { kind: 'request', id, message: request.data };
  }
  if (
    object?.method === undefined &&
    object?.id !== undefined &&
    ('result' in object || 'error' in object) &&
    JsonRpcResponseSchema.safeParse(value).success
  ) {
    return { kind: 'response', id };
  }
  return { kind: 'invalid', id };
}

/**
 * The request every client sends (`jsonrpc`, a string `id` or a number one within MAX_NUMBER_ID, a
 * string `method`, `params` an object when present, no other member), classified as the envelope
 * schema would classify it, without running it: the schema's parse cost more than the rest of a
 * kept answer. Anything else, undefined, goes through the schema.
 */
function readPlainRequest(object: Record<string, unknown>): ClassifiedMessage | undefined {
  const { jsonrpc, id, method, params } = object;
  if (jsonrpc !== '2.0' || typeof method !== 'string') return undefined;
  if (typeof id !== 'string' && !(typeof id === 'number' && Math.abs(id) <= MAX_NUMBER_ID))
    return undefined;
  let members = 3;
  if (params !== undefined) {
    const fields = asObject(params);
    if (!fields || Object.hasOwn(fields, '__proto__')) return undefined;
    members++;
  }
  if (Object.keys(object).length !== members) return undefined;
  const message: JsonRpcMessage =
    params === undefined ? { jsonrpc, id, method } : { jsonrpc, id, method, params };
  return { kind: 'request', id, message };
}

/** The value as a plain JSON object, or undefined for arrays, null and scalars. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function isJsonRpcId(value: unknown): value is JsonRpcId {
  return JsonRpcIdSchema.safeParse(value).success;
}

/** An error response; JSON-RPC 2.0 §5 answers an unreadable id with null. */
export function buildErrorResponse(
  id: JsonRpcId,
  code: number,
  message: string,
  data?: unknown,
): JSONRPCResponse {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** What a batch comes to: its responses (none when it held only notifications), or a refusal. */
export type BatchAnswer =
  | { readonly ok: true; readonly responses: readonly JSONRPCResponse[] }
  | { readonly ok: false; readonly message: string };

/**
 * Answers a JSON-RPC batch message by message, in order; an initialize inside it is refused
 * (MCP 2025-03-26 basic/lifecycle: "The initialize request MUST NOT be part of a JSON-RPC batch").
 * @see JSON-RPC 2.0 §6 Batch
 */
export async function answerBatch(
  rpc: JSONRPCServer<McpCallContext>,
  messages: readonly unknown[],
  context: McpCallContext,
): Promise<BatchAnswer> {
  if (messages.length === 0) return { ok: false, message: 'Invalid Request: the batch is empty.' };
  if (messages.length > LIMITS.batchMessages) {
    return {
      ok: false,
      message: `Invalid Request: a batch holds at most ${LIMITS.batchMessages} messages; this one holds ${messages.length}.`,
    };
  }
  const responses: JSONRPCResponse[] = [];
  for (const value of messages) {
    const response = await answerBatchMessage(rpc, classifyMessage(value), context);
    if (response) responses.push(response);
  }
  return { ok: true, responses };
}

async function answerBatchMessage(
  rpc: JSONRPCServer<McpCallContext>,
  classified: ClassifiedMessage,
  context: McpCallContext,
): Promise<JSONRPCResponse | null> {
  switch (classified.kind) {
    case 'response':
      return null;
    case 'invalid':
      return buildErrorResponse(classified.id, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request');
    case 'notification':
      // JSON-RPC 2.0 §4.1: a notification gets no answer, whatever its method.
      return classified.message.method === 'initialize'
        ? null
        : answerMessage(rpc, classified.message, context);
    case 'request':
      return classified.message.method === 'initialize'
        ? buildErrorResponse(
            classified.id,
            JSON_RPC_ERRORS.invalidRequest,
            'initialize must not be sent in a batch',
          )
        : answerMessage(rpc, classified.message, context);
  }
}

/** Dispatches one request or notification to the method table. */
export function answerMessage(
  rpc: JSONRPCServer<McpCallContext>,
  message: JsonRpcMessage,
  context: McpCallContext,
): PromiseLike<JSONRPCResponse | null> {
  return rpc.receive(message as never, context);
}
