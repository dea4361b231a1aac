import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { findErrorKind, problemResponse } from '../lib/problem.ts';
import { MEDIA_TYPES } from '../lib/media-types.ts';
import { listAllowedMethods, loadFunctions, type FunctionModule } from './functions.ts';
import { StaticFileIndex } from './static-files.ts';
import { VercelRouter, type VercelConfig } from './vercel-routing.ts';
import { createWebResponder, readHeaders } from './web-responder.ts';

export interface LocalServerOptions {
  /** The static output of the build (.vercel/output/static). */
  readonly staticDir: string;
  /** The folder of functions (api/). */
  readonly apiDir: string;
  /** vercel.json, parsed. */
  readonly vercelConfig: VercelConfig;
  /** The public origin the build published; problem `type` URLs use it. */
  readonly siteUrl: string;
  /**
   * Host names (without port) the server answers for; others get 403. Set when bound to loopback,
   * so a DNS-rebinding page cannot reach the server under a foreign name.
   */
  readonly allowedHosts?: readonly string[];
  /** Receives one structured line per unexpected failure. */
  readonly log?: (entry: Readonly<Record<string, unknown>>) => void;
}

const STATIC_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * A production server for one machine: the build's static output and the api/ functions on one
 * origin, routed by vercel.json exactly as the Vercel deployment routes them.
 */
export async function createLocalServer(options: LocalServerOptions): Promise<Server> {
  const files = await StaticFileIndex.load(options.staticDir);
  const functions = await loadFunctions(options.apiDir);
  const router = new VercelRouter(options.vercelConfig, {
    isFile: (pathname) => files.resolve(pathname) !== undefined,
    isFunction: (pathname) => functions.has(pathname),
  });
  const notFoundPage = await readFile(join(options.staticDir, '404.html')).catch(() => undefined);
  const serveFile = sirv(options.staticDir, { dev: false, etag: true });
  const log = options.log ?? ((entry) => console.error(JSON.stringify(entry)));
  const answerWith = createWebResponder({ overrideGlobalObjects: true });

  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local.invalid');
    if (options.allowedHosts && !options.allowedHosts.includes(readHostName(req.headers.host))) {
      answerWith(req, res, async () =>
        problemResponse(options.siteUrl, {
          ...findErrorKind('forbidden_host'),
          instance: url.pathname,
        }),
      );
      return;
    }
    const decision = router.route({
      pathname: url.pathname,
      searchParams: url.searchParams,
      headers: readHeaders(req),
    });
    const { target } = decision;
    switch (target.kind) {
      case 'redirect':
        res.writeHead(target.status, { Location: target.location }).end();
        return;
      case 'function': {
        const module = functions.get(target.pathname);
        if (!module) break;
        answerWith(req, res, (request) =>
          invokeFunction(module, request, {
            siteUrl: options.siteUrl,
            log,
            routeHeaders: decision.headers,
          }),
        );
        return;
      }
      case 'file': {
        const method = req.method ?? 'GET';
        if (method === 'OPTIONS') {
          res.writeHead(204, { ...decision.headers, Allow: STATIC_METHODS.join(', ') }).end();
          return;
        }
        if (method !== 'GET' && method !== 'HEAD') {
          answerWith(req, res, async () =>
            problemResponse(
              options.siteUrl,
              { ...findErrorKind('method_not_allowed'), instance: url.pathname },
              { ...decision.headers, Allow: STATIC_METHODS.join(', ') },
            ),
          );
          return;
        }
        const file = files.resolve(target.pathname);
        if (!file) break;
        for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
        req.url = encodeURI(file) + target.search;
        serveFile(req, res, () => sendNotFoundPage(res, notFoundPage));
        return;
      }
      case 'missing':
        break;
    }
    sendNotFoundPage(res, notFoundPage);
  });
}

function sendNotFoundPage(res: ServerResponse, page: Buffer | undefined): void {
  res.writeHead(404, { 'Content-Type': MEDIA_TYPES.html, 'Cache-Control': 'no-store' });
  res.end(page ?? 'Not Found');
}

/** How a function's answer is completed: the origin for problems, the log, vercel.json headers. */
export interface InvocationOptions {
  readonly siteUrl: string;
  readonly log: NonNullable<LocalServerOptions['log']>;
  /** Headers of the matching vercel.json rules, added where the function did not set them. */
  readonly routeHeaders: Readonly<Record<string, string>>;
}

/**
 * Calls a function's handler for the request's method (405 problem if none, 500 problem if it
 * throws) and adds the route's vercel.json headers the answer lacks.
 */
export async function invokeFunction(
  module: FunctionModule,
  request: Request,
  options: InvocationOptions,
): Promise<Response> {
  const response = await callHandler(module, request, options);
  for (const [name, value] of Object.entries(options.routeHeaders)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

async function callHandler(
  module: FunctionModule,
  request: Request,
  { siteUrl, log }: InvocationOptions,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  const handler = module[request.method] ?? (request.method === 'HEAD' ? module.GET : undefined);
  if (!handler) {
    return problemResponse(
      siteUrl,
      { ...findErrorKind('method_not_allowed'), instance: pathname },
      { Allow: listAllowedMethods(module).join(', ') },
    );
  }
  try {
    return await handler(request);
  } catch (error) {
    const requestId = randomUUID();
    log({
      level: 'error',
      msg: 'function failed',
      requestId,
      method: request.method,
      path: pathname,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return problemResponse(
      siteUrl,
      {
        ...findErrorKind('internal_error'),
        instance: pathname,
        detail: `The server failed to answer this request (request id ${requestId}).`,
      },
      { 'X-Request-Id': requestId },
    );
  }
}

/** The host name of a Host header, lower-cased, without its port ("[::1]" keeps its brackets). */
export function readHostName(host: string | undefined): string {
  if (!host) return '';
  const name = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.replace(/:\d*$/, '');
  return name.toLowerCase();
}
