import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';

/** One request as the hostile-input tests send it: any method, target, headers and bytes. */
export interface RawRequest {
  readonly method: string;
  /** The request target, sent as is. */
  readonly path: string;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: string | Uint8Array | undefined;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/**
 * Sends a request with node:http (no fetch normalisation) on a connection of its own, so each
 * answer stands alone, failing after `timeoutMs`.
 */
export function sendRaw(baseUrl: string, raw: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  // node:http frames a GET, DELETE, OPTIONS or TRACE body with nothing at all, so the server would
  // read it as the next request: a body is always sent with its Content-Length.
  const headers = { ...raw.headers };
  if (raw.body !== undefined) headers['content-length'] = Buffer.byteLength(raw.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { agent: false, hostname, port, method: raw.method, path: raw.path, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () =>
      outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(raw.body);
  });
}

/** Writes bytes to a fresh connection and collects everything the server sends until it closes. */
export function sendBytes(baseUrl: string, bytes: string | Buffer, timeoutMs = 10_000) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.end(bytes);
  });
}

const CODES = new Map(listErrorCatalogue().map((entry) => [entry.code, entry]));
const API_PREFIX = /^\/(api|oauth|\.well-known|mcp|a2a)(\/|$)/;

function header(answer: RawAnswer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The 5xx a request can earn by its own protocol: a transfer coding or HTTP version refused. */
const PROTOCOL_REFUSALS = new Set([501, 505]);

/**
 * Everything wrong with an answer, measured against the documented shapes: never a 5xx (but the
 * 501 and 505 problems of a request's transfer coding or HTTP version); an error
 * on an API path is a problem (RFC 9457) whose code is in the catalogue, or one of the documented
 * exceptions (an OAuth error body at the token and register endpoints, a JSON-RPC error at /mcp);
 * answers to HEAD, 204 and 304 carry no body. An empty list means the answer is in shape.
 */
export function findShapeFaults(raw: RawRequest, answer: RawAnswer, baseUrl: string): string[] {
  const faults: string[] = [];
  const { status } = answer;
  const type = header(answer, 'content-type').split(';')[0]?.trim();
  // The path as the server sees it: dot segments resolved, `//x` kept on the origin.
  const pathname = URL.canParse(`http://x${raw.path}`)
    ? new URL(`http://x${raw.path}`).pathname
    : raw.path;
  if (status >= 500 && !PROTOCOL_REFUSALS.has(status)) faults.push(`answered ${status}`);
  if ((raw.method === 'HEAD' || status === 204 || status === 304) && answer.body.length > 0)
    faults.push(`a ${status} to ${raw.method} has a body`);
  if (status < 400 || raw.method === 'HEAD') return faults;

  if (type === 'application/problem+json') {
    const parsed = ProblemSchema.safeParse(JSON.parse(answer.body.toString()));
    if (!parsed.success) return [...faults, `problem does not parse: ${parsed.error.message}`];
    const problem = parsed.data;
    const entry = CODES.get(problem.code);
    if (!entry) faults.push(`code ${problem.code} is not in the catalogue`);
    // OAuth codes keep their status per endpoint (RFC 6749 §4.1.2.1 versus §5.2); the others, one.
    else if (entry.body === 'problem' && entry.status !== status)
      faults.push(`code ${problem.code} with status ${status}`);
    if (problem.status !== status) faults.push(`problem status ${problem.status} on a ${status}`);
    if (problem.type !== `${baseUrl}/errors/${problem.code}`) faults.push(`type ${problem.type}`);
    if (!problem.instance.startsWith('/')) faults.push(`instance ${problem.instance}`);
    if (header(answer, 'cache-control') !== 'no-store') faults.push('a problem may be cached');
    if (status === 405 && !header(answer, 'allow')) faults.push('405 without Allow');
    if (status === 429 && !header(answer, 'retry-after')) faults.push('429 without Retry-After');
    return faults;
  }
  if (type === 'application/json' && /^\/(oauth\/|api\/oauth-)(token|register)$/.test(pathname)) {
    const body = JSON.parse(answer.body.toString()) as { error?: unknown; error_uri?: unknown };
    if (typeof body.error !== 'string' || !CODES.has(body.error))
      faults.push(`OAuth error ${String(body.error)} is not in the catalogue`);
    if (header(answer, 'cache-control') !== 'no-store') faults.push('an OAuth error may be cached');
    return faults;
  }
  if (type === 'application/json' && (pathname === '/mcp' || pathname === '/api/mcp')) {
    const body = JSON.parse(answer.body.toString()) as {
      jsonrpc?: unknown;
      error?: { code?: unknown; message?: unknown };
    };
    if (
      body.jsonrpc !== '2.0' ||
      !Number.isInteger(body.error?.code) ||
      typeof body.error?.message !== 'string'
    )
      faults.push(`not a JSON-RPC error: ${answer.body.toString().slice(0, 200)}`);
    return faults;
  }
  if (type === 'text/html' && status === 404 && !API_PREFIX.test(pathname)) return faults;
  // A browser sent to /oauth/authorize with a request that cannot go back gets a page in words,
  // under the consent page's policy, never cached (docs/oauth.md).
  if (
    type === 'text/html' &&
    status === 400 &&
    /^\/(oauth\/|api\/oauth-)authorize$/.test(pathname) &&
    (/text\/html/i.test(readRequestField(raw, 'accept')) ||
      readRequestField(raw, 'sec-fetch-dest').toLowerCase() === 'document')
  ) {
    if (header(answer, 'cache-control') !== 'no-store')
      faults.push('an authorization page may be cached');
    if (!header(answer, 'content-security-policy').includes("default-src 'none'"))
      faults.push('an authorization page without its policy');
    return faults;
  }
  faults.push(`a ${status} to ${raw.method} ${pathname.slice(0, 80)} came as "${type}"`);
  return faults;
}

/** A request field of a raw request, by its name in any case, as text ('' when absent). */
function readRequestField(raw: RawRequest, name: string): string {
  const value = Object.entries(raw.headers ?? {}).find(
    ([field]) => field.toLowerCase() === name,
  )?.[1];
  return value === undefined ? '' : String(value);
}

/** An answer as the server sent it: status, raw header fields in order (but Date), body. */
export interface AnswerAsSent {
  readonly status: number;
  readonly headers: string[];
  readonly body: Buffer;
}

/**
 * Fetches one path with node:http and keeps the answer as sent, header order included, to compare
 * two servers byte for byte (Date left out: it differs by the second). Rejects on a cut answer.
 */
export function fetchAnswerAsSent(
  base: string,
  path: string,
  method = 'GET',
  headers: OutgoingHttpHeaders = {},
): Promise<AnswerAsSent> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${encodeURI(path)}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const raw = incoming.rawHeaders;
        const kept = raw.flatMap((value, index) =>
          index % 2 === 0 && value.toLowerCase() !== 'date' ? [value, raw[index + 1] ?? ''] : [],
        );
        resolve({ status: incoming.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** One request to a static file, and whether a conforming server answers it 304. */
export interface ConditionalRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly notModified: boolean;
}

function readFieldAsSent(answer: AnswerAsSent, name: string): string | undefined {
  const index = answer.headers.findIndex(
    (field, at) => at % 2 === 0 && field.toLowerCase() === name,
  );
  return index < 0 ? undefined : answer.headers[index + 1];
}

/**
 * GET and HEAD of a file, plain and conditional, from the file's 200 to GET: If-None-Match with
 * the tag, in a list, without `W/` and as `*`, If-Modified-Since at and before its Last-Modified,
 * and requests that must get the whole file. @see RFC 9110 §13.1.2, §13.1.3, §13.2.2
 */
export function listConditionalRequests(first: AnswerAsSent): ConditionalRequest[] {
  const plain = [
    { method: 'GET', headers: {}, notModified: false },
    { method: 'HEAD', headers: {}, notModified: false },
  ];
  const etag = readFieldAsSent(first, 'etag');
  const lastModified = readFieldAsSent(first, 'last-modified');
  if (first.status !== 200 || etag === undefined || lastModified === undefined) return plain;
  const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
  const requests: Array<[string, Record<string, string>, boolean]> = [
    ['GET', { 'If-None-Match': etag }, true],
    ['HEAD', { 'If-None-Match': etag }, true],
    ['GET', { 'If-None-Match': 'W/"0-0"' }, false],
    ['GET', { 'If-None-Match': `"0-0", ${etag}` }, true],
    ['GET', { 'If-None-Match': etag.replace(/^W\//, '') }, true],
    ['GET', { 'If-None-Match': '*' }, true],
    ['GET', { 'If-None-Match': `${etag} x` }, false],
    ['GET', { 'If-Modified-Since': lastModified }, true],
    ['HEAD', { 'If-Modified-Since': lastModified }, true],
    ['GET', { 'If-Modified-Since': earlier }, false],
    ['GET', { 'If-Modified-Since': 'yesterday' }, false],
    ['GET', { 'If-None-Match': 'W/"0-0"', 'If-Modified-Since': lastModified }, false],
  ];
  return [
    ...plain,
    ...requests.map(([method, headers, notModified]) => ({ method, headers, notModified })),
  ];
}

/**
 * What sirv should answer to `request`: its own answer, or for a 304 its answer to the exact tag
 * (sirv compares If-None-Match as one string and ignores If-Modified-Since) with the ETag and
 * Last-Modified of `first` added after the fields set before it, where node:http writes those
 * `writeHead` adds (sirv's 304 has none). @see RFC 9110 §15.4.5
 */
export async function fetchConformingSirvAnswer(
  sirvUrl: string,
  path: string,
  request: ConditionalRequest,
  first: AnswerAsSent,
): Promise<AnswerAsSent> {
  if (!request.notModified)
    return fetchAnswerAsSent(sirvUrl, path, request.method, request.headers);
  const etag = readFieldAsSent(first, 'etag') ?? '';
  const lastModified = readFieldAsSent(first, 'last-modified') ?? '';
  const answer = await fetchAnswerAsSent(sirvUrl, path, request.method, { 'If-None-Match': etag });
  const headers = [...answer.headers];
  const connection = headers.findIndex((field, at) => at % 2 === 0 && field === 'Connection');
  headers.splice(
    connection < 0 ? headers.length : connection,
    0,
    'ETag',
    etag,
    'Last-Modified',
    lastModified,
  );
  return { ...answer, headers };
}
