/**
 * Every size and time limit the service applies, in one place: the handlers enforce them, and the
 * OpenAPI document, auth.md and the error pages quote them.
 */
export const LIMITS = {
  /** The longest request target (path and query), in characters; longer gets 414. */
  urlLength: 8192,
  /** The request line and headers together, in bytes; larger gets 431 (node:http's own check). */
  headerBytes: 16 * 1024,
  /** Seconds the local server waits for a request head, then for the whole request (408). */
  headersTimeoutSeconds: 10,
  requestTimeoutSeconds: 30,
  /** The largest body of a POST to the MCP endpoint, in bytes (413). */
  mcpBodyBytes: 256 * 1024,
  /** The largest body of a POST to the OAuth endpoints, in bytes (413). */
  oauthBodyBytes: 16 * 1024,
  /** How deeply arrays and objects may nest in a JSON body. */
  jsonDepth: 32,
  /** The most messages in one JSON-RPC batch (protocol version 2025-03-26 only). */
  batchMessages: 32,
} as const;

/**
 * True when a parsed JSON value nests arrays and objects more than `max` levels deep (a scalar is
 * depth 0, `[]` depth 1). Walks without recursion, so no input can exhaust the stack; stops at the
 * first branch that is too deep.
 */
export function exceedsJsonDepth(value: unknown, max: number = LIMITS.jsonDepth): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
