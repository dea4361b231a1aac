import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '../service/limits.ts';
import {
  IncompleteBodyError,
  isBodyParts,
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

/**
 * Requests whose `Expect: 100-continue` is not answered yet, with the keep-alive node:http had
 * decided for them: a 100 is sent only when a handler starts to read the body (readNodeBody), so
 * an answer decided on the head alone (413 by Content-Length, 415, 405, 404) goes without it.
 */
const awaitingContinue = new WeakMap<IncomingMessage, boolean>();

/**
 * Holds back the 100 (Continue) of a request that has a body (node:http hands such requests to
 * the server's `checkContinue` listener instead of sending it). Until the 100 goes, the
 * connection is marked to close: a client refused without one may send its body or not, so what
 * follows on the connection cannot be read as the next request.
 * @see RFC 9110 §10.1.1
 */
export function holdContinue(req: IncomingMessage, res: ServerResponse): void {
  const length = req.headers['content-length'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  // A request framed with no body needs no 100 (RFC 9110 §10.1.1 lets the server omit it).
  if (!hasBody) return;
  awaitingContinue.set(req, res.shouldKeepAlive);
  res.shouldKeepAlive = false;
}

/** Sends the 100 (Continue) held back for a request, if any, as its body is about to be read. */
function sendContinue(req: IncomingMessage, res: ServerResponse): void {
  const keepAlive = awaitingContinue.get(req);
  if (keepAlive === undefined) return;
  awaitingContinue.delete(req);
  res.shouldKeepAlive = keepAlive;
  res.writeContinue();
}

/**
 * A request header by name, in any case, as the plain interface and the router read them:
 * node:http keeps the names lower-cased, and a handler may ask for one as its standard writes it
 * (`A2A-Version`), as a web Request's headers allow on Vercel.
 */
export function readNodeHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
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
async function readNodeBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<string | undefined> {
  const refuse = () => {
    res.shouldKeepAlive = false;
    return undefined;
  };
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return refuse();
  sendContinue(req, res);
  // A handler runs from node:http's request event, which comes before the parser has read the
  // body; one promise job later, a body that came in the same packets as the head is in the
  // stream's buffer (node:http runs promise jobs after handing over each part of the message).
  if (!req.complete) await undefined;
  // The usual case: the body is all there (the message is complete, or every byte its
  // Content-Length declared is buffered), so it is taken from the stream's buffer at once,
  // without listeners, closures and the ticks of a flow.
  const buffered =
    req.complete || (declared !== undefined && req.readableLength === Number(declared));
  if (buffered && !req.readableDidRead && req.readableFlowing === null) {
    const whole = req.read() as Buffer | null;
    // Flowing from here on, so the stream still ends (and node:http lets go of the request) when
    // the parser completes the message.
    if (!req.complete) req.resume();
    if (whole === null) return '';
    return whole.length > limit ? refuse() : whole.toString();
  }
  return readNodeBodyStream(req, limit, refuse);
}

/** Reads a body that is still arriving, stopping as soon as it passes the limit. */
function readNodeBodyStream(
  req: IncomingMessage,
  limit: number,
  refuse: () => undefined,
): Promise<string | undefined> {
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
  // The fields go to node:http as one flat list of names and values, in this order: no header
  // object is built and copied for every answer, and node:http reads the list as it is.
  const { headers } = answer;
  const fields: string[] = [];
  for (const name in headers) fields.push(name, headers[name] as string);
  const own = fields.length;
  for (const [name, lowerName, value] of listRouteHeaders(routeHeaders)) {
    if (!hasField(fields, own, lowerName)) fields.push(name, value);
  }
  if (!canKeepAlive(res.req)) res.shouldKeepAlive = false;
  const { body } = answer;
  if (body !== undefined && body !== null && isBodyParts(body)) {
    // Framed by its length rather than chunked: the parts are whole already.
    let length = 0;
    for (const part of body)
      length += typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength;
    if (!hasField(fields, own, 'content-length')) fields.push('Content-Length', String(length));
    res.writeHead(answer.status, fields);
    // Corked, so the head and every part leave in one write; end() uncorks.
    res.cork();
    const last = body.length - 1;
    for (let index = 0; index < last; index += 1) res.write(body[index]);
    res.end(body[last]);
    return;
  }
  // Encoded once: measuring a string's UTF-8 length and then writing it would encode it twice.
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // Framed by its length rather than chunked: the body is whole already.
  if (bytes !== undefined && bytes !== null && !hasField(fields, own, 'content-length')) {
    fields.push('Content-Length', String(bytes.byteLength));
  }
  res.writeHead(answer.status, fields);
  res.end(bytes ?? undefined);
}

/**
 * Whether the first `count` entries of a field list (names and values) name a field, by its
 * lower-case name; lower-cased only where the length matches, as most names differ in length.
 */
function hasField(fields: readonly string[], count: number, lowerName: string): boolean {
  for (let index = 0; index < count; index += 2) {
    const name = fields[index] as string;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return true;
  }
  return false;
}

/**
 * Route headers with their lower-case names, listed once per set: the router keeps one set per
 * path, so this is not redone for every answer.
 */
const routeHeaderLists = new WeakMap<object, ReadonlyArray<readonly [string, string, string]>>();
function listRouteHeaders(
  routeHeaders: Readonly<Record<string, string>>,
): ReadonlyArray<readonly [string, string, string]> {
  let list = routeHeaderLists.get(routeHeaders);
  if (!list) {
    list = Object.entries(routeHeaders).map(([name, value]) => [name, name.toLowerCase(), value]);
    routeHeaderLists.set(routeHeaders, list);
  }
  return list;
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
