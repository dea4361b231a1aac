/**
 * Counting in the Vercel Routing Middleware, for the insight report: on Vercel, pages and agent
 * documents are prerendered files the CDN serves without running the site's code, so with
 * `INSIGHT_COUNT_DOCUMENTS=on` (docs/insight.md) the middleware, which vercel.ts then also runs
 * on the agent documents, records each read it passes through. The recorder (and with it the
 * store, the agent list and OpenTelemetry) is a chunk loaded by the first counted read, after its
 * answer; with counting off the middleware is the page middleware itself.
 * @see https://vercel.com/docs/routing-middleware
 */
import { continueAfterAnswer } from '../http/after-answer.ts';
import { logToStderr } from '../http/problem.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { isAgentDocument, readDocumentCounting } from '../service/middleware-matcher.ts';
import { findMatchingPattern } from '../service/route-patterns.ts';
import type { RouteTable } from '../service/routes.ts';
import type { AnsweredRequest, InsightRecorder } from './insight-recorder.ts';

/** What Vercel passes a middleware beside the request. */
export interface MiddlewareContext {
  waitUntil?(promise: Promise<unknown>): void;
}

export type Middleware = (request: Request, context?: MiddlewareContext) => Response;

/** The header `rewrite()` of @vercel/functions/middleware names its destination in. */
const REWRITE_HEADER = 'x-middleware-rewrite';

/**
 * The read a middleware answer stands for: the path the CDN will serve (a negotiated page's
 * Markdown mirror) when that is a page or an agent document of the table; undefined otherwise (a
 * function's path, a file that is no surface of its own). The middleware never sees the file, so
 * a read is counted as a 200 of its surface's media type.
 */
export function readMiddlewareRead(
  routes: RouteTable,
  request: Request,
  response: Response,
): Omit<AnsweredRequest, 'header' | 'method' | 'startTime' | 'durationMs'> | undefined {
  const url = new URL(request.url);
  const rewrite = response.headers.get(REWRITE_HEADER);
  const served = rewrite ? new URL(rewrite, url).pathname : url.pathname;
  // A page in either spelling (`/developers/` is `/developers`'s surface).
  const page = routes.findPage(served);
  const path = page?.path ?? served;
  const surface = routes.findSurface(path);
  if (!page && !isAgentDocument(surface)) return undefined;
  const route = findMatchingPattern(surface.paths, path);
  return {
    url,
    surface: surface.id,
    ...(route ? { route } : {}),
    status: 200,
    contentType: surface.mediaType && MEDIA_TYPES[surface.mediaType],
  };
}

/**
 * The middleware, counting the reads it passes through when the environment asks for it (and
 * itself unchanged otherwise). The count is handed to the platform's `waitUntil`, so the answer
 * never waits for it.
 */
export function withMiddlewareCounting(
  middleware: Middleware,
  routes: RouteTable,
  env: NodeJS.ProcessEnv = process.env,
  loadRecorder: () => Promise<InsightRecorder | null> = async () =>
    (await import('./insight-recorder.ts')).readProcessInsight(logToStderr),
): Middleware {
  if (!readDocumentCounting(env)) return middleware;
  let recorder: Promise<InsightRecorder | null> | undefined;
  return (request, context) => {
    const started = performance.now();
    const response = middleware(request, context);
    const read = readMiddlewareRead(routes, request, response);
    if (!read) return response;
    const answered: AnsweredRequest = {
      ...read,
      method: request.method,
      header: (name) => request.headers.get(name) ?? undefined,
      startTime: performance.timeOrigin + started,
      durationMs: performance.now() - started,
    };
    recorder ??= loadRecorder();
    const counted = recorder.then((loaded) => loaded?.record(answered));
    const kept = counted.catch((error: unknown) =>
      logToStderr({ level: 'error', msg: 'insight count failed', error: String(error) }),
    );
    if (context?.waitUntil) context.waitUntil(kept);
    else continueAfterAnswer(kept);
    return response;
  };
}
