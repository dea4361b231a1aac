import { next, rewrite } from '@vercel/functions/middleware';
import { negotiatePage } from './markdown-negotiation.ts';

/**
 * Vercel Routing Middleware for the pages (middleware.ts re-exports the build's bundle of it):
 * Markdown for agents on a page's own URL, decided as the local server decides it, with the
 * headers each answer carries, since Vercel matches vercel.json header rules against the
 * requested path and the Markdown answered at `/` must not get `/`'s.
 * @see https://vercel.com/docs/routing-middleware
 */
export default function pageMiddleware(request: Request): Response {
  const { pathname } = new URL(request.url);
  const negotiation = negotiatePage(pathname, request.headers.get('accept') ?? undefined);
  if (!negotiation) return next();
  const { markdownPath, headers } = negotiation;
  if (!markdownPath) return next({ headers });
  return rewrite(new URL(markdownPath, request.url), { headers });
}
