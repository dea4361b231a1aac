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
  /** Connections the local server holds open at once, in all and per client address (503). */
  connections: 1024,
  connectionsPerClient: 64,
  /**
   * The most unread request body, in bytes, the local server reads and drops after an early
   * answer so the connection can carry the next request; a larger rest closes the connection.
   */
  drainBodyBytes: 64 * 1024,
  /**
   * When the local server closes a connection after an early answer, it half-closes, then reads
   * and drops what the client still sends for at most this long and this much (a lingering close),
   * so the client reads the answer instead of a reset.
   */
  lingerMs: 2000,
  lingerBytes: 4 * 1024 * 1024,
  /** The largest body of a POST to the MCP endpoint, in bytes (413). */
  mcpBodyBytes: 256 * 1024,
  /** The largest body of a POST to the A2A endpoint, in bytes (413). */
  a2aBodyBytes: 64 * 1024,
  /** The largest body of a POST to the OAuth endpoints, in bytes (413). */
  oauthBodyBytes: 16 * 1024,
  /** How deeply arrays and objects may nest in a JSON body. */
  jsonDepth: 32,
  /** The most messages in one JSON-RPC batch (protocol version 2025-03-26 only). */
  batchMessages: 32,
  /** The largest client metadata document fetched for a URL client_id, in bytes. */
  clientMetadataBytes: 5 * 1024,
  /** Milliseconds a client metadata document fetch may take, DNS to last byte. */
  clientMetadataTimeoutMs: 3000,
  /**
   * Host name lookups of one instance (client metadata hosts): each DNS query waits this many
   * milliseconds and is sent this many times, and the lookup is cancelled at the fetch's deadline.
   */
  hostLookupAttemptMs: 1000,
  hostLookupTries: 2,
  /** Lookups in progress at once, per instance and per client address; more are refused at once. */
  hostLookupsPending: 32,
  hostLookupsPendingPerClient: 4,
  /** Seconds a host whose lookup failed is refused without asking again, and how many are kept. */
  hostLookupFailureSeconds: 30,
  hostLookupFailures: 1000,
  /** Seconds a fetched client metadata document is kept: without Cache-Control, and at most. */
  clientMetadataDefaultTtlSeconds: 300,
  clientMetadataMaxTtlSeconds: 600,
  /**
   * The most client metadata registrations kept, in all (in one instance's memory, or in the
   * shared store for every instance) and per host; past a bound nothing more is kept.
   */
  clientMetadataCacheEntries: 1000,
  clientMetadataCacheEntriesPerHost: 20,
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

/** The local server's connection limits, as the variables set them. */
export interface ServerLimits {
  readonly headersTimeoutSeconds: number;
  readonly requestTimeoutSeconds: number;
  readonly maxConnections: number;
  /** 0: no limit per client (behind a trusted proxy every connection comes from the proxy). */
  readonly maxConnectionsPerClient: number;
}

/** A limit variable that is not a whole number in range. */
export class LimitConfigError extends Error {
  override readonly name: string = 'LimitConfigError';
}

/**
 * The local server's limits: `HEADERS_TIMEOUT_SECONDS` (default 10), `REQUEST_TIMEOUT_SECONDS`
 * (default 30, not below the head's), `MAX_CONNECTIONS` (default 1024) and
 * `MAX_CONNECTIONS_PER_CLIENT` (default 64; `0` turns the per-client cap off).
 * @throws LimitConfigError when a variable is not a whole number in range.
 */
export function readServerLimits(env: Readonly<Record<string, string | undefined>>): ServerLimits {
  const headersTimeoutSeconds = readWholeNumber(
    env,
    'HEADERS_TIMEOUT_SECONDS',
    LIMITS.headersTimeoutSeconds,
    1,
    3600,
  );
  const requestTimeoutSeconds = readWholeNumber(
    env,
    'REQUEST_TIMEOUT_SECONDS',
    Math.max(LIMITS.requestTimeoutSeconds, headersTimeoutSeconds),
    headersTimeoutSeconds,
    3600,
  );
  return {
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    maxConnections: readWholeNumber(env, 'MAX_CONNECTIONS', LIMITS.connections, 1, 1e6),
    maxConnectionsPerClient: readWholeNumber(
      env,
      'MAX_CONNECTIONS_PER_CLIENT',
      LIMITS.connectionsPerClient,
      0,
      1e6,
    ),
  };
}

/**
 * A whole-number variable from `min` to `max`, or `fallback` when it is unset or blank.
 * @throws the `Failure` error (LimitConfigError by default), naming the variable, otherwise.
 */
export function readWholeNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  min: number,
  max: number,
  Failure: new (message: string) => Error = LimitConfigError,
): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Failure(`${name} must be a whole number from ${min} to ${max}; it is "${text}".`);
  }
  return value;
}
