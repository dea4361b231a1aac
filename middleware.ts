/**
 * Vercel Routing Middleware: Markdown for agents on a page's own URL (vercel.json rewrites run
 * after the filesystem, so they cannot replace a page's HTML file; middleware runs before it).
 * The logic is src/http/page-middleware.ts; this file re-exports the build's bundle of it, so
 * Vercel ships one module, and holds the static config Vercel reads at build time.
 * @see https://vercel.com/docs/routing-middleware
 */
export const config = {
  // Node.js, not the deprecated edge runtime.
  runtime: 'nodejs',
  // A test holds the matcher to SITE_PAGES.
  matcher: ['/', '/developers', '/developers/', '/docs', '/docs/'],
};

export { default } from './src/generated/functions/middleware/middleware.mjs';
