import { next, rewrite } from '@vercel/functions';
import { negotiatePage } from './src/http/markdown-negotiation.ts';

/**
 * Vercel Routing Middleware: Markdown for agents on a page's own URL. vercel.json rewrites run
 * after the filesystem, so they cannot replace a page's HTML file; middleware runs before it. The
 * decision is the one the local server makes (src/http/markdown-negotiation.ts).
 */
export const config = {
  // Static, as Vercel reads it at build time; a test holds it to SITE_PAGES.
  matcher: ['/', '/developers', '/developers/', '/docs', '/docs/'],
};

export default function middleware(request: Request): Response {
  const { pathname } = new URL(request.url);
  const negotiation = negotiatePage(pathname, request.headers.get('accept') ?? undefined);
  if (!negotiation?.markdownPath) return next({ headers: { Vary: 'Accept' } });
  return rewrite(new URL(negotiation.markdownPath, request.url), {
    headers: { Vary: 'Accept' },
  });
}
