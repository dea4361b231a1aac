/** A JSON-RPC message as parsed from a body, before its shape is known. */
export type JsonRpcMessage = Record<string, unknown>;

/** What a message is, by JSON-RPC 2.0 §4 (request, notification) and §5 (response). */
export type JsonRpcMessageKind = 'request' | 'notification' | 'response' | 'invalid';

/**
 * Tells a request (with an id) from a notification (without one), a response sent by a client,
 * and anything else.
 * @see JSON-RPC 2.0 §4.1 Notification
 */
export function classifyMessage(message: JsonRpcMessage): JsonRpcMessageKind {
  if (message.jsonrpc !== '2.0') return 'invalid';
  if (
    message.method === undefined &&
    ('result' in message || 'error' in message) &&
    isJsonRpcId(message.id)
  ) {
    return 'response';
  }
  if (typeof message.method !== 'string') return 'invalid';
  if (
    message.params !== undefined &&
    (typeof message.params !== 'object' || message.params === null)
  )
    return 'invalid';
  if (!('id' in message)) return 'notification';
  return typeof message.id === 'string' || typeof message.id === 'number' ? 'request' : 'invalid';
}

/** True for a value JSON-RPC allows as an id in a response. @see JSON-RPC 2.0 §5 */
export function isJsonRpcId(value: unknown): value is string | number | null {
  return typeof value === 'string' || typeof value === 'number' || value === null;
}

/** The value as a plain JSON object, or undefined for arrays, null and scalars. */
export function asObject(value: unknown): JsonRpcMessage | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonRpcMessage)
    : undefined;
}
