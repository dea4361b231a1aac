import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One route of `.vercel/output/config.json`. @see https://vercel.com/docs/build-output-api/configuration#routes */
export interface OutputRoute {
  readonly src?: string;
  readonly dest?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly status?: number;
  readonly continue?: boolean;
  readonly check?: boolean;
  readonly handle?: string;
  readonly middlewarePath?: string;
}

/** A request as the router sees it. */
export interface RouteRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Where config.json sends a request, and the headers its routes (and middleware) give it. */
export interface RouteOutcome {
  readonly target:
    | { readonly kind: 'file'; readonly file: string }
    | { readonly kind: 'function'; readonly name: string }
    | { readonly kind: 'none' };
  /** The status a route sets (undefined: the file's 200 or the function's own). */
  readonly status?: number;
  /** The path the target is asked for (after middleware and rewrites). */
  readonly path: string;
  /** Headers of the header routes, lower-case names, matched against the requested path. */
  readonly routeHeaders: Record<string, string>;
  /** Response headers the middleware added (its x-middleware-* control headers left out). */
  readonly middlewareHeaders: Record<string, string>;
}

/** Calls the middleware as Vercel does: the request in, a `next()`/`rewrite()` response out. */
export type MiddlewareCall = (request: RouteRequest) => Promise<Response>;

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/**
 * Routes a request through a Build Output API v3 config.json in Vercel's order: the routes before
 * `handle: filesystem` (header rules, matched against the requested path, and the middleware),
 * then the filesystem (static files, `<path>/index.html`, functions), then the routes after it
 * (rewrites with `check`, statuses) up to the `error` phase. Only the route shapes `vercel build`
 * writes for this project are known; any other shape is an error, so a new one cannot pass
 * unexamined.
 */
export async function routeOutput(
  routes: readonly OutputRoute[],
  outputDir: string,
  functionNames: ReadonlySet<string>,
  request: RouteRequest,
  callMiddleware: MiddlewareCall,
): Promise<RouteOutcome> {
  const routeHeaders: Record<string, string> = {};
  let middlewareHeaders: Record<string, string> = {};
  let path = request.path;
  const findTarget = (pathname: string): RouteOutcome['target'] => {
    const name = pathname.slice(1);
    if (functionNames.has(name)) return { kind: 'function', name };
    const staticDir = join(outputDir, 'static');
    for (const file of [pathname, `${pathname.replace(/\/$/, '')}/index.html`]) {
      const full = join(staticDir, file);
      if (full.startsWith(staticDir) && existsSync(full) && statSync(full).isFile()) {
        return { kind: 'file', file };
      }
    }
    return { kind: 'none' };
  };

  let index = 0;
  for (; index < routes.length && routes[index]?.handle === undefined; index += 1) {
    const route = routes[index] as OutputRoute;
    if (!new RegExp(route.src ?? '').test(request.path)) continue;
    if (route.middlewarePath) {
      const response = await callMiddleware({ ...request, path });
      const rewrite = response.headers.get('x-middleware-rewrite');
      if (!rewrite && response.headers.get('x-middleware-next') !== '1') {
        throw new Error(`middleware answered ${request.path} itself (${response.status})`);
      }
      if (rewrite) path = new URL(rewrite, 'http://host').pathname;
      middlewareHeaders = Object.fromEntries(
        [...response.headers].filter(
          ([name]) =>
            !name.startsWith('x-middleware-') &&
            !['date', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(
              name,
            ),
        ),
      );
    } else if (route.headers && route.continue && !route.dest) {
      Object.assign(routeHeaders, lowerCaseKeys(route.headers));
    } else {
      throw new Error(`unknown route before the filesystem: ${JSON.stringify(route)}`);
    }
  }
  const outcome = (target: RouteOutcome['target'], status?: number): RouteOutcome => ({
    target,
    ...(status === undefined ? {} : { status }),
    path,
    routeHeaders,
    middlewareHeaders,
  });
  if (routes[index]?.handle !== 'filesystem')
    throw new Error('config.json has no filesystem phase');
  const hit = findTarget(path);
  if (hit.kind !== 'none') return outcome(hit);

  for (index += 1; index < routes.length && routes[index]?.handle === undefined; index += 1) {
    const route = routes[index] as OutputRoute;
    const pattern = new RegExp(route.src ?? '');
    const match = pattern.exec(path);
    if (!match) continue;
    if (route.dest) {
      const dest = route.dest.replace(/\$(\d+)/g, (_, group: string) => match[Number(group)] ?? '');
      const target = findTarget(dest);
      if (route.check && target.kind === 'none') {
        path = dest;
        continue;
      }
      return outcome(target, route.status);
    }
    if (route.status) return outcome({ kind: 'none' }, route.status);
    throw new Error(`unknown route after the filesystem: ${JSON.stringify(route)}`);
  }
  return outcome({ kind: 'none' }, 404);
}
