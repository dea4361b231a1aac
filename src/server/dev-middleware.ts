import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { negotiatePage } from '../http/markdown-negotiation.ts';
import type { RouteTable } from '../service/routes.ts';
import { logToStderr } from '../http/problem.ts';
import { listFunctionFiles, readPlainHandler } from './functions.ts';
import { answerFunction } from './function-answers.ts';
import { readNodeHeader, readRequestUrl } from './node-plain.ts';
import { VercelRouter, withoutHeaders, type VercelConfig } from './vercel-routing.ts';

/** The part of Vite's dev server the middleware uses: loading a module with edits applied. */
export interface ModuleLoader {
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
}

/** A Vite module runner: what it imports it evaluates once, until a hot update clears it. */
interface ModuleRunner {
  import(url: string): Promise<Record<string, unknown>>;
}

/**
 * Loads the functions with the module runner of Vite's SSR environment, which follows Vite's hot
 * updates: a save in content/ rewrites the snapshot module (and an edit in src/ a source), and the
 * next request runs the functions on it. `ssrLoadModule`'s runner takes no hot updates; it asks
 * the server whether a module it ran has changed, and once a page had been rendered on the new
 * snapshot (the dev server's link check asks for one after each save, when the content links to
 * a page), the server had that module transformed again and said no: `/mcp` kept the content of
 * its first request. A dev server whose SSR environment runs no modules falls back to
 * `ssrLoadModule`.
 */
export function readFunctionLoader(server: {
  readonly environments: { readonly ssr: object };
  ssrLoadModule: ModuleLoader['ssrLoadModule'];
}): ModuleLoader {
  const { runner } = server.environments.ssr as { readonly runner?: ModuleRunner };
  return runner ? { ssrLoadModule: (url) => runner.import(url) } : server;
}

export interface DevMiddlewareOptions {
  readonly root: string;
  readonly siteUrl: string;
  /** The Vercel configuration, as vercel.ts computes it for the content being served. */
  readonly vercelConfig: VercelConfig;
  /** The route table of the same content (its pages negotiate Markdown). */
  readonly routes: RouteTable;
  /** True when one of Astro's routes answers the path (the dev server's "filesystem"). */
  readonly isRoute: (pathname: string) => boolean;
}

/** The dev server's routing of the deployment: its middleware, and what it routes nowhere. */
export interface DevMiddleware {
  readonly handle: (
    req: IncomingMessage,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ) => void;
  /**
   * True when the deployment's routing gives a GET of the path no file (no route of Astro's, no
   * file of public/) and no function: the middleware would hand it to Astro only for a 404.
   */
  readonly routesNowhere: (pathname: string) => boolean;
}

/**
 * Gives `astro dev` the routes the deployment has: the Vercel configuration's headers and rewrites, and the
 * functions at their api/ routes, loaded from their sources in src/functions/ through Vite (so
 * edits reload; api/*.js re-export the build's bundles of them), on the local server's router.
 * A page's URL answers its Markdown version to a client that prefers text/markdown, decided as
 * the local server and middleware.js decide it.
 */
export function createDevMiddleware(
  server: ModuleLoader,
  options: DevMiddlewareOptions,
): DevMiddleware {
  const functionFiles = listFunctionFiles(join(options.root, 'src', 'functions'));
  const config = withoutHeaders(options.vercelConfig, [
    'Content-Security-Policy',
    'Strict-Transport-Security',
  ]);
  const router = new VercelRouter(config, {
    isFile: (pathname) =>
      options.isRoute(pathname) || existsSync(join(options.root, 'public', pathname)),
    isFunction: (pathname) => functionFiles.has(pathname),
  });
  const { origin } = new URL(options.siteUrl);

  const routesNowhere = (pathname: string) =>
    router.route({ pathname, searchParams: new URLSearchParams(), header: () => undefined }).target
      .kind === 'missing';
  const handle = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const url = readRequestUrl(req, origin);
    const page = negotiatePage(options.routes, url.pathname, readNodeHeader(req, 'accept'));
    if (page) for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
    const { headers: routeHeaders, target } = router.route({
      pathname: page?.markdownPath ?? url.pathname,
      searchParams: url.searchParams,
      header: (name) => readNodeHeader(req, name),
    });
    if (target.kind === 'function') {
      const file = functionFiles.get(target.pathname);
      if (!file) throw new Error(`the router chose ${target.pathname}, which is no function`);
      server
        .ssrLoadModule(file)
        .then((module) => {
          answerFunction(req, res, url, readPlainHandler(module, file), {
            siteUrl: options.siteUrl,
            log: logToStderr,
            routeHeaders,
          });
        })
        .catch(next);
      return;
    }
    for (const [name, value] of Object.entries(routeHeaders)) res.setHeader(name, value);
    if (target.kind === 'file' && target.pathname !== url.pathname)
      req.url = target.pathname + target.search;
    next();
  };
  return { handle, routesNowhere };
}
