import { next, rewrite } from '@vercel/functions/middleware';
import type { RouteTable } from '../service/routes.ts';
import { negotiatePage } from './markdown-negotiation.ts';

/**
 * Makes the Vercel Routing Middleware for the pages of a route table (src/site/page-middleware.ts makes the site's; middleware.ts re-exports the build's bundle of it):
 * Markdown for agents on a page's own URL, decided as the local server decides it, with the
 * headers each answer carries, since Vercel matches vercel.json header rules against the
 * requested path and the Markdown answered at `/` must not get `/`'s.
 * @see https://vercel.com/docs/routing-middleware
 */
export function createPageMiddleware(routes: RouteTable): (request: Request) => Response {
  return (request) => {
    const { pathname } = new URL(request.url);
    const negotiation = negotiatePage(routes, pathname, request.headers.get('accept') ?? undefined);
    if (!negotiation) return next();
    const { markdownPath, headers } = negotiation;
    if (!markdownPath) return next({ headers });
    return rewrite(new URL(markdownPath, request.url), { headers });
  };
}
