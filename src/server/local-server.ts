import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { LIMITS, readServerLimits, type ServerLimits } from '../service/limits.ts';
import { SECURITY_HEADERS } from '../service/route-policies.ts';
import { negotiatePage } from '../http/markdown-negotiation.ts';
import { rememberLatest } from '../http/memoize.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { logToStderr, problemAnswer, type FailureLog } from '../http/problem.ts';
import type { RouteTable } from '../service/routes.ts';
import type { InsightRecorder } from '../insight/insight-recorder.ts';
import type { MarkdownTokenCounts } from '../service/markdown-tokens.ts';
import { capConnections } from './connection-limits.ts';
import { chooseContentCoding, CompressedFiles } from './compressed-files.ts';
import { answerFunction } from './function-answers.ts';
import { loadFunctions } from './functions.ts';
import { DiskFiles } from './disk-files.ts';
import { isLingering, lingerOnClose } from './lingering-close.ts';
import { MemoryFiles } from './memory-files.ts';
import { holdContinue, readNodeHeader, sendPlainAnswer } from './node-plain.ts';
import { findFramingFault, readRequestTarget, type RequestTarget } from './request-framing.ts';
import { findHostFault, readTargetPath, Refusals } from './refusals.ts';
import {
  countFileRead,
  readStaticMediaType,
  sendEncodedFile,
  sendNotFoundPage,
  setMarkdownTokens,
} from './static-answers.ts';
import { StaticFileIndex } from './static-files.ts';
import {
  VercelRouter,
  withoutHeaders,
  type RoutingRequest,
  type VercelConfig,
} from './vercel-routing.ts';

export interface LocalServerOptions {
  /** The static output of the build (.vercel/output/static). */
  readonly staticDir: string;
  /** The folder of functions (api/). */
  readonly apiDir: string;
  /** vercel.json, parsed. */
  readonly vercelConfig: VercelConfig;
  /** The build's route table (its pages negotiate Markdown; its surfaces name their methods). */
  readonly routes: RouteTable;
  /** The public origin the build published; problem `type` URLs use it. */
  readonly siteUrl: string;
  /**
   * Host names (without port) the server answers for; others get 403. Set when bound to loopback,
   * so a DNS-rebinding page cannot reach the server under a foreign name.
   */
  readonly allowedHosts?: readonly string[];
  /** Receives one structured line per unexpected failure. */
  readonly log?: FailureLog;
  /**
   * A header a trusted reverse proxy sets to the client's address (such as `x-forwarded-for`);
   * rate limits count by it instead of the socket's peer. Leave unset without such a proxy, since
   * clients can send any header.
   */
  readonly clientAddressHeader?: string;
  /** Time-outs and connection caps; by default those of `src/service/limits.ts`. */
  readonly limits?: ServerLimits;
  /**
   * Counts static reads for the owner's insight report (docs/insight.md); the functions count
   * their own. Unset or null: static reads are not counted.
   */
  readonly insight?: InsightRecorder | null;
  /**
   * The build's token count of each Markdown answer, by its file's path (`x-markdown-tokens`, as
   * the header routes the build adds to config.json send it on Vercel). Unset: none is sent.
   */
  readonly markdownTokens?: MarkdownTokenCounts;
}

/**
 * How often node:http looks for requests past their time-outs. Its default, 30 s, let the 10 s
 * head time-out fire after up to 40 s; checking twice a second fires each within half a second.
 */
const TIMEOUT_CHECK_MS = 500;

/**
 * A production server for one machine: the build's static output and the api/ functions on one
 * origin, routed by vercel.json exactly as the Vercel deployment routes them.
 */
export async function createLocalServer(options: LocalServerOptions): Promise<Server> {
  const files = await StaticFileIndex.load(options.staticDir);
  const functions = await loadFunctions(options.apiDir);
  const secure = new URL(options.siteUrl).protocol === 'https:';
  const router = new VercelRouter(
    secure
      ? options.vercelConfig
      : withoutHeaders(options.vercelConfig, ['Strict-Transport-Security']),
    {
      isFile: (pathname) => files.resolve(pathname) !== undefined,
      isFunction: (pathname) => functions.has(pathname),
      fixed: true,
    },
  );
  const notFoundPage = await readFile(join(options.staticDir, '404.html')).catch(() => undefined);
  const log = options.log ?? logToStderr;
  const diskFiles = new DiskFiles(options.staticDir, log);
  const compressed = new CompressedFiles(options.staticDir);
  const smallFiles = new MemoryFiles(options.staticDir);
  const { origin } = new URL(options.siteUrl);

  const refusals = new Refusals(options.siteUrl, router);
  const { allowedHosts } = options;
  // Whether a Host is allowed, the latest kept: a client sends the same one on every request.
  const isAllowedHost =
    allowedHosts &&
    rememberLatest((host: string | undefined) => allowedHosts.includes(readHostName(host)));
  const limits = options.limits ?? readServerLimits({});
  const serverMethods = [
    ...new Set(options.routes.surfaces.flatMap((surface) => surface.methods)),
  ].join(', ');
  const siteWideHeaders = readSiteWideHeaders(router);

  const server = createServer(
    {
      maxHeaderSize: LIMITS.headerBytes,
      headersTimeout: limits.headersTimeoutSeconds * 1000,
      requestTimeout: limits.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
      // Checked below with the other Host rules, so the refusal is a problem like every other.
      requireHostHeader: false,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      // A request sent after the last answer on its connection (which said `Connection: close`).
      if (isLingering(req.socket)) {
        req.socket.destroy();
        return;
      }
      const framingFault = findFramingFault(req);
      if (framingFault) {
        refusals.send(res, framingFault.code, {
          instance: readTargetPath(req.url),
          detail: framingFault.detail,
          close: true,
        });
        return;
      }
      // Only refusals name the target path (readTargetPath): read for them, not for every request.
      if ((req.url ?? '').length > LIMITS.urlLength) {
        refusals.send(res, 'uri_too_long', { instance: readTargetPath(req.url), close: true });
        return;
      }
      const hostFault = findHostFault(req);
      if (hostFault) {
        refusals.send(res, 'bad_request', {
          instance: readTargetPath(req.url),
          detail: hostFault,
          close: true,
        });
        return;
      }
      // OPTIONS * (findFramingFault refuses `*` to any other method) asks about the whole server.
      const asterisk = req.url === '*';
      let requested: RequestTarget;
      try {
        requested = asterisk
          ? { url: new URL(`${origin}/`), authority: req.headers.host }
          : readRequestTarget(req, origin);
      } catch {
        refusals.send(res, 'bad_request', { instance: readTargetPath(req.url) });
        return;
      }
      const { url } = requested;
      if (isAllowedHost && !isAllowedHost(requested.authority)) {
        refusals.send(res, 'forbidden_host', { instance: url.pathname });
        return;
      }
      // @see RFC 9110 §9.3.7: the methods some path of the server answers, and no body; with the
      // headers every answer of the site carries (vercel.json's global rule), as a refusal has.
      if (asterisk) {
        res.writeHead(204, { ...siteWideHeaders, Allow: serverMethods }).end();
        return;
      }
      // Markdown for agents on a page's own URL, decided as middleware.js decides it on Vercel.
      const page = negotiatePage(options.routes, url.pathname, readNodeHeader(req, 'accept'));
      if (page)
        for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
      const decision = router.route(
        new NodeRoutingRequest(page?.markdownPath ?? url.pathname, url, req),
      );
      const { target } = decision;
      switch (target.kind) {
        case 'redirect':
          res.writeHead(target.status, { Location: target.location }).end();
          return;
        case 'function': {
          const handler = functions.get(target.pathname);
          if (!handler) break;
          answerFunction(req, res, url, handler, {
            siteUrl: options.siteUrl,
            log,
            routeHeaders: decision.headers,
            clientAddressHeader: options.clientAddressHeader,
          });
          return;
        }
        case 'file': {
          const method = req.method ?? 'GET';
          // Only the rare other methods look up the surface; GET and HEAD skip it.
          const allow = () => options.routes.findSurface(url.pathname).methods.join(', ');
          if (method === 'OPTIONS') {
            res
              .writeHead(204, {
                ...decision.headers,
                Allow: allow(),
              })
              .end();
            return;
          }
          if (method !== 'GET' && method !== 'HEAD') {
            sendPlainAnswer(
              res,
              problemAnswer(
                options.siteUrl,
                { ...findErrorKind('method_not_allowed'), instance: url.pathname },
                { Allow: allow() },
              ),
              decision.headers,
            );
            return;
          }
          const file = files.resolve(target.pathname);
          if (!file) break;
          if (options.insight)
            countFileRead(options.insight, options.routes, req, res, url, target.pathname);
          for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
          if (options.markdownTokens)
            setMarkdownTokens(res, options.markdownTokens, target.pathname);
          // The media type is named here for every file (the disk, memory and compressed answers
          // keep a type already set); the file's own headers would name an empty one for an
          // extension mrmime does not know, such as `.pf_meta`.
          if (!res.hasHeader('content-type'))
            res.setHeader('Content-Type', readStaticMediaType(file));
          // Range requests are ignored, as RFC 9110 §14.2 allows: every document is small, and the
          // whole file is a better answer than a 416 with no problem body.
          delete req.headers.range;
          const vary = res.getHeader('vary');
          res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
          const serveWhole = () =>
            diskFiles.send(req, res, file, () =>
              sendNotFoundPage(res, notFoundPage, decision.headers),
            );
          const coding = chooseContentCoding(readNodeHeader(req, 'accept-encoding'));
          if (!coding) {
            if (!smallFiles.send(req, res, file)) serveWhole();
            return;
          }
          const mediaType = String(res.getHeader('content-type'));
          compressed
            .get(file, mediaType, coding)
            .then((encoded) =>
              encoded
                ? sendEncodedFile(req, res, encoded, mediaType)
                : smallFiles.send(req, res, file) || serveWhole(),
            )
            .catch((error: unknown) => {
              diskFiles.report(file, error);
              if (res.headersSent) res.destroy();
              else serveWhole();
            });
          return;
        }
        case 'missing':
          break;
      }
      sendNotFoundPage(res, notFoundPage, decision.headers);
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    refusals.answerClientError(error, socket),
  );
  // Expect: 100-continue. The 100 goes when a handler reads the body (node-plain.ts), so a body
  // refused on its head (a Content-Length over the limit, a wrong media type, a method the path
  // lacks) is never asked for. @see RFC 9110 §10.1.1
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    holdContinue(req, res);
    server.emit('request', req, res);
  });
  // Any other Expect. @see RFC 9110 §10.1.1
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    refusals.send(res, 'expectation_failed', { instance: readTargetPath(req.url) }),
  );
  // CONNECT asks for a tunnel, which this server never opens: node:http hands it here, and without
  // a listener closed the connection with no answer. A 405 problem, like any method a path lacks.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const instance = readTargetPath(req.url);
    refusals.writeToSocket(socket, 'method_not_allowed', {
      instance,
      headers: { Allow: options.routes.findSurface(instance).methods.join(', ') },
    });
  });
  server.on('connection', lingerOnClose);
  capConnections(
    server,
    {
      maxConnections: limits.maxConnections,
      // Behind a trusted proxy every connection comes from the proxy: cap only the total.
      maxConnectionsPerClient: options.clientAddressHeader ? 0 : limits.maxConnectionsPerClient,
    },
    (socket) =>
      refusals.writeToSocket(socket, 'too_many_connections', { headers: { 'Retry-After': '1' } }),
  );
  return server;
}

/**
 * What the router reads of a node:http request. A class, so its getter lives on the prototype: an
 * object literal with a getter closing over the request got a hidden class of its own per
 * request, and V8 kept each such class, with the whole request it reached, until the next full
 * garbage collection (a fifth of all allocation survived every scavenge).
 */
class NodeRoutingRequest implements RoutingRequest {
  readonly pathname: string;
  readonly #url: URL;
  readonly #req: IncomingMessage;

  constructor(pathname: string, url: URL, req: IncomingMessage) {
    this.pathname = pathname;
    this.#url = url;
    this.#req = req;
  }

  /** Read only by a route with a query condition: node:http's URL builds it on first use. */
  get searchParams(): URLSearchParams {
    return this.#url.searchParams;
  }

  header(name: string): string | undefined {
    return readNodeHeader(this.#req, name);
  }
}

/**
 * The security headers the router gives every path (vercel.json's global rule), for an answer
 * about no path: `OPTIONS *`. A path's own rules (Link, Cache-Control, CORS) stay with the path.
 */
function readSiteWideHeaders(router: VercelRouter): Record<string, string> {
  const names = new Set(Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()));
  const { headers } = router.route({
    pathname: '/',
    searchParams: new URLSearchParams(),
    header: () => undefined,
  });
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => names.has(name.toLowerCase())),
  );
}

/** The host name of a Host header, lower-cased, without its port ("[::1]" keeps its brackets). */
function readHostName(host: string | undefined): string {
  if (!host) return '';
  const name = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.replace(/:\d*$/, '');
  return name.toLowerCase();
}
