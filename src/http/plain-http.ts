/**
 * The functions' own request/answer shapes: a few plain fields instead of the WHATWG Request,
 * Headers and Response objects. A handler written against them runs on Vercel through
 * `toWebHandler` (the platform hands functions web Requests) and on the local server straight
 * from node:http, which skips building and adapting three web objects per request.
 */

/** One HTTP request, as a handler reads it. */
export interface PlainRequest {
  readonly method: string;
  /** The absolute request URL. */
  readonly url: URL;
  /** A request header, its name in any case; repeated headers are joined with ", ". */
  header(name: string): string | undefined;
  /** The client's network address, as far as the host knows it: what rate limits count by. */
  readonly client: string;
  /**
   * The body as UTF-8 text, or undefined when it is longer than `limit` bytes (then reading stops
   * as soon as the limit is passed). Read once.
   */
  text(limit: number): Promise<string | undefined>;
  /**
   * Counts `units` more requests of this client against the rate limit, for a request that turns
   * out to be several (a JSON-RPC batch counts one per message), and gives the 429 answer to send
   * when they pass the limit, else undefined. Set by `serveFunction` where a limit applies.
   */
  readonly charge?: (units: number) => Promise<PlainAnswer | undefined>;
}

/**
 * An answer's body: text (sent as UTF-8), bytes, or parts of either, sent in order; an answer
 * spliced from kept bytes goes out in parts, so the kept bytes are never copied into a new buffer.
 */
export type PlainBody = string | Uint8Array | readonly (string | Uint8Array)[];

/** One HTTP answer. A body given to a HEAD request is dropped by the transport. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: PlainBody | null;
}

export type PlainHandler = (request: PlainRequest) => Promise<PlainAnswer>;

/**
 * Thrown by `PlainRequest.text` when the client went away before its body arrived in full: an
 * event of the network, not a failure of the service, and nobody is left to read an answer.
 */
export class IncompleteBodyError extends Error {
  override readonly name = 'IncompleteBodyError';
}

/** A handler as Vercel's Node runtime calls it. */
export type WebHandler = (request: Request) => Promise<Response>;

/**
 * Reads a web Request through the plain interface. The client address is the one Vercel's edge
 * puts in `X-Real-IP` (it replaces whatever the client sent), else the last `X-Forwarded-For`
 * entry, the one the nearest proxy added.
 */
export function fromWebRequest(request: Request): PlainRequest {
  const { headers } = request;
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => headers.get(name) ?? undefined,
    client: readClientAddress(headers.get('x-real-ip') ?? headers.get('x-forwarded-for')),
    text: (limit) => readBodyText(request, limit),
  };
}

/**
 * The client address in a proxy's header: the last entry of a list (the one the nearest proxy
 * added), or `unknown` when there is none.
 */
export function readClientAddress(value: string | null | undefined): string {
  const last = value?.slice(value.lastIndexOf(',') + 1).trim();
  return last || 'unknown';
}

/** A body as one string or byte array (parts joined). */
export function joinBody(body: PlainBody): string | Uint8Array {
  if (!isBodyParts(body)) return body;
  return Buffer.concat(body.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/** Whether a body comes in parts. */
export function isBodyParts(body: PlainBody): body is readonly (string | Uint8Array)[] {
  return Array.isArray(body);
}

/** The web Response of a plain answer. */
export function toWebResponse(answer: PlainAnswer): Response {
  const body = answer.body === undefined || answer.body === null ? null : joinBody(answer.body);
  return new Response(body as BodyInit | null, {
    status: answer.status,
    headers: answer.headers,
  });
}

/** A plain handler as a web-standard one, for the api/ functions' method exports. */
export function toWebHandler(handler: PlainHandler): WebHandler {
  return async (request) => toWebResponse(await handler(fromWebRequest(request)));
}

/**
 * Reads a web Request's body as UTF-8 text, or undefined when it is larger than the limit. A body
 * with a Content-Length within the limit is read in one go (HTTP framing caps it at that length);
 * a chunked body is streamed and abandoned as soon as it passes the limit.
 */
export async function readBodyText(request: Request, limit: number): Promise<string | undefined> {
  try {
    return await readWebBody(request, limit);
  } catch (error) {
    throw new IncompleteBodyError('the request body did not arrive in full', { cause: error });
  }
}

async function readWebBody(request: Request, limit: number): Promise<string | undefined> {
  const length = request.headers.get('content-length');
  if (length !== null && /^\d+$/.test(length)) {
    if (Number(length) > limit) return undefined;
    return request.text();
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The methods an api/ function exports, each one answered by its plain handler. */
export const FUNCTION_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
] as const;

/** Every method export of an api/ function, all answered by one plain handler. */
export function toWebExports(
  handler: PlainHandler,
): Record<(typeof FUNCTION_METHODS)[number], WebHandler> {
  const web = toWebHandler(handler);
  return { GET: web, HEAD: web, POST: web, PUT: web, PATCH: web, DELETE: web, OPTIONS: web };
}

/** A prerendered document's response; the same bytes the static output holds. */
export function documentResponse(body: string, mediaType: string): Response {
  return new Response(body, { headers: { 'Content-Type': mediaType } });
}
