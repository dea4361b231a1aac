import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIMITS } from '../service/limits.ts';
import type { PlainAnswer } from '../http/plain-http.ts';
import { findErrorKind, type ErrorCode } from '../service/error-kinds.ts';
import { problemAnswer } from '../http/problem.ts';
import { closeLingering } from './lingering-close.ts';
import { sendPlainAnswer } from './node-plain.ts';
import type { VercelRouter } from './vercel-routing.ts';

/** What is particular to one refusal. */
export interface RefusalOptions {
  /** The refused path; the problem's `instance`, and the path whose vercel.json headers it gets. */
  readonly instance?: string;
  /** Replaces the error kind's generic detail. */
  readonly detail?: string;
  /** Headers of the refusal itself (e.g. Retry-After); they win over the route's. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Ends the connection after the answer. */
  readonly close?: boolean;
}

/**
 * The refusals the local server makes itself, before any route answers: problems (RFC 9457) that
 * carry the headers vercel.json gives the refused path (security, CORS), as the routes' own
 * answers do, whether sent through node:http or written straight to a socket it gave up on.
 */
export class Refusals {
  readonly #siteUrl: string;
  readonly #router: VercelRouter;

  constructor(siteUrl: string, router: VercelRouter) {
    this.#siteUrl = siteUrl;
    this.#router = router;
  }

  /** The refusal as an answer, with the route's headers where the problem sets none. */
  build(code: ErrorCode, options: RefusalOptions = {}): PlainAnswer {
    const instance = options.instance ?? '/';
    const kind = findErrorKind(code);
    const answer = problemAnswer(
      this.#siteUrl,
      { ...kind, instance, ...(options.detail ? { detail: options.detail } : {}) },
      { ...options.headers },
    );
    const present = new Set(Object.keys(answer.headers).map((name) => name.toLowerCase()));
    const route = this.#router.route({
      pathname: instance,
      searchParams: new URLSearchParams(),
      header: () => undefined,
    }).headers;
    const headers = { ...answer.headers };
    for (const [name, value] of Object.entries(route)) {
      if (!present.has(name.toLowerCase())) headers[name] = value;
    }
    return { ...answer, headers };
  }

  /** Answers a request node:http parsed with a refusal. */
  send(res: ServerResponse, code: ErrorCode, options: RefusalOptions = {}): void {
    if (options.close) res.shouldKeepAlive = false;
    sendPlainAnswer(res, this.build(code, options), {});
  }

  /**
   * Writes a refusal straight to a socket node:http does not serve (a head it could not parse, a
   * time-out, a connection over the cap), then closes it. `rawPacket` is what node:http could not
   * parse: a HEAD request gets the head alone, and a readable target names the refused path.
   */
  writeToSocket(
    socket: Duplex,
    code: ErrorCode,
    options: RefusalOptions & { readonly rawPacket?: Buffer | undefined } = {},
  ): void {
    const line = options.rawPacket?.subarray(0, LIMITS.urlLength + 32).toString('latin1');
    const instance =
      options.instance ?? readTargetPath(/^[A-Z]+ (\S+) HTTP\//.exec(line ?? '')?.[1]);
    const answer = this.build(code, { ...options, instance });
    const toHead = line?.startsWith('HEAD ') ?? false;
    const body = Buffer.from(toHead ? '' : String(answer.body));
    const head = [
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
      ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(String(answer.body))}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    socket.write(Buffer.concat([Buffer.from(head), body]));
    // node:http no longer reads this socket: drop what arrives while it lingers.
    socket.on('data', () => {});
    socket.resume();
    closeLingering(socket);
  }

  /**
   * Answers a request node:http could not parse (a head over the size limit, a malformed request
   * line or header, a time-out, an HTTP version node:http does not parse) with a problem, then
   * closes the connection.
   * @see RFC 9112 §2.2 (400 for an invalid request line), RFC 6585 §5 (431), RFC 9110 §15.5.9
   * (408), RFC 9110 §15.6.6 (505 for a major version other than 1, such as `HTTP/3.0`)
   */
  answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
    const pending = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })
      ._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const rawPacket = (error as { rawPacket?: Buffer }).rawPacket;
    const code: ErrorCode =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'header_fields_too_large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'request_timeout'
          : error.code === 'HPE_INVALID_VERSION' && namesAnotherMajorVersion(rawPacket)
            ? 'http_version_not_supported'
            : 'bad_request';
    this.writeToSocket(socket, code, { rawPacket });
  }
}

/**
 * The path of a request target for a refusal's `instance` and route headers: the path part of an
 * origin-form target of printable characters within the length limit, else `/`.
 */
export function readTargetPath(target: string | undefined): string {
  const path = target?.split('?', 1)[0] ?? '';
  return /^\/[\x21-\x7e]*$/.test(path) && path.length <= LIMITS.urlLength ? path : '/';
}

/**
 * What is wrong with a request's Host header fields, if anything: an HTTP/1.1 request must carry
 * exactly one (node:http keeps the first of several and drops the rest silently).
 * @see RFC 9112 §3.2
 */
export function findHostFault(req: IncomingMessage): string | undefined {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    // The length first: no other header name is lower-cased for this count.
    if (name?.length === 4 && name.toLowerCase() === 'host') count++;
  }
  if (count > 1) return 'The request has more than one Host header field.';
  if (count === 0 && req.httpVersion === '1.1') return 'The request has no Host header field.';
  return undefined;
}

/**
 * Whether the request line node:http refused names an HTTP version of another major version than
 * 1 (`HTTP/3.0`); an unknown minor version of HTTP/1 (`HTTP/1.2`) stays a malformed line (400).
 */
function namesAnotherMajorVersion(rawPacket: Buffer | undefined): boolean {
  const line = rawPacket?.subarray(0, LIMITS.urlLength + 32).toString('latin1');
  const major = /^[A-Z]+ \S+ HTTP\/(\d+)\.\d+\r?\n/.exec(line ?? '')?.[1];
  return major !== undefined && major !== '1';
}
