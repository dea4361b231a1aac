import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '../service/limits.ts';
import {
  IncompleteBodyError,
  readClientAddress,
  type PlainAnswer,
  type PlainRequest,
} from '../http/plain-http.ts';

/**
 * The request target as an absolute URL on `origin`. The target is appended, not resolved, so a
 * path such as `//host/x` stays a path instead of naming another host.
 */
export function readRequestUrl(req: IncomingMessage, origin: string): URL {
  const target = req.url ?? '/';
  return target.startsWith('/') ? new URL(origin + target) : new URL(target, origin);
}

/** A request header by lower-case name, as the plain interface and the router read them. */
export function readNodeHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A node:http request through the plain interface, with no web objects built. The client address
 * is the socket's peer, or, behind a trusted proxy, the header that proxy sets (`clientHeader`,
 * such as `x-forwarded-for`; its last entry).
 */
export function fromNodeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  clientHeader?: string,
): PlainRequest {
  return {
    method: req.method ?? 'GET',
    url,
    header: (name) => readNodeHeader(req, name),
    client: clientHeader
      ? readClientAddress(readNodeHeader(req, clientHeader))
      : (req.socket.remoteAddress ?? 'unknown'),
    text: (limit) => readNodeBody(req, res, limit),
  };
}

/**
 * Reads the body as UTF-8 text, or undefined as soon as it is known to pass the limit (by its
 * Content-Length, or while streaming). The connection is then marked to close, so the unread rest
 * of an oversized body is never read.
 */
function readNodeBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<string | undefined> {
  const refuse = () => {
    res.shouldKeepAlive = false;
    return undefined;
  };
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.resolve(refuse());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve(refuse());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      resolve(
        chunks.length === 1 ? (chunks[0] ?? '').toString() : Buffer.concat(chunks).toString(),
      );
    });
    // The client closed the connection mid-body (node:http reports "aborted").
    req.once('error', (error) =>
      reject(new IncompleteBodyError('the request body did not arrive in full', { cause: error })),
    );
  });
}

/** Writes a plain answer, adding route headers (vercel.json) the answer does not set itself. */
export function sendPlainAnswer(
  res: ServerResponse,
  answer: PlainAnswer,
  routeHeaders: Readonly<Record<string, string>>,
): void {
  // The client is gone (it closed the connection mid-request): nobody is left to answer.
  if (res.destroyed) return;
  const headers: Record<string, string> = { ...answer.headers };
  const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(routeHeaders)) {
    if (!present.has(name.toLowerCase())) headers[name] = value;
  }
  // Encoded once: measuring a string's UTF-8 length and then writing it would encode it twice.
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
  // Framed by its length rather than chunked: the body is whole already.
  if (body !== undefined && body !== null && !present.has('content-length')) {
    headers['Content-Length'] = String(body.byteLength);
  }
  if (!canKeepAlive(res.req)) res.shouldKeepAlive = false;
  res.writeHead(answer.status, headers);
  res.end(body ?? undefined);
}

/**
 * Whether the connection can carry the next request after this one is answered. An answer given
 * before the body has been parsed (a refusal, or any answer made before node:http has run the
 * parser's body callbacks, even with the whole body already received) keeps the connection when
 * the rest is a small body of known length, which node:http then reads and drops; a larger or
 * chunked rest closes it. Deciding by `complete` alone closed connections at random, dropping a
 * request the client had already sent behind the refused one.
 * @see RFC 9112 §9.3 (persistence), §9.6 (closing a connection)
 */
function canKeepAlive(req: IncomingMessage): boolean {
  if (req.complete) return true;
  if (req.headers['transfer-encoding'] !== undefined) return false;
  const length = Number(req.headers['content-length'] ?? 0);
  return length <= LIMITS.drainBodyBytes;
}
