import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFunctionFiles, listFunctionMethods } from './functions.ts';
import { invokeFunction } from './local-server.ts';
import { VercelRouter, type VercelConfig } from './vercel-routing.ts';
import { createWebResponder, readHeaders } from './web-responder.ts';

/** The part of Vite's dev server the middleware uses: loading a module with edits applied. */
export interface ModuleLoader {
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
}

export interface DevMiddlewareOptions {
  readonly root: string;
  readonly siteUrl: string;
  /** True when one of Astro's routes answers the path (the dev server's "filesystem"). */
  readonly isRoute: (pathname: string) => boolean;
}

/**
 * Gives `astro dev` the routes the deployment has: vercel.json's headers and rewrites, and the
 * api/ functions (loaded through Vite, so edits reload), on the same router as the local server.
 */
export function createDevMiddleware(server: ModuleLoader, options: DevMiddlewareOptions) {
  const functionFiles = listFunctionFiles(join(options.root, 'api'));
  const config = JSON.parse(
    readFileSync(join(options.root, 'vercel.json'), 'utf8'),
  ) as VercelConfig;
  const router = new VercelRouter(config, {
    isFile: (pathname) =>
      options.isRoute(pathname) || existsSync(join(options.root, 'public', pathname)),
    isFunction: (pathname) => functionFiles.has(pathname),
  });
  // Astro shares this process, so the adapter must not replace the global Request and Response.
  const answerWith = createWebResponder({ overrideGlobalObjects: false });

  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://dev.invalid');
    const headers = readHeaders(req);
    const { headers: routeHeaders, target } = router.route({
      pathname: url.pathname,
      searchParams: url.searchParams,
      headers,
    });
    if (target.kind === 'function') {
      const file = functionFiles.get(target.pathname);
      if (!file) throw new Error(`the router chose ${target.pathname}, which is no function`);
      answerWith(req, res, async (request) =>
        invokeFunction(listFunctionMethods(await server.ssrLoadModule(file)), request, {
          siteUrl: options.siteUrl,
          log: (entry) => console.error(JSON.stringify(entry)),
          routeHeaders,
        }),
      );
      return;
    }
    for (const [name, value] of Object.entries(routeHeaders)) res.setHeader(name, value);
    if (target.kind === 'file' && target.pathname !== url.pathname)
      req.url = target.pathname + target.search;
    next();
  };
}
