/**
 * Vercel Routing Middleware: Markdown for agents on a page's own URL (vercel.json rewrites run
 * after the filesystem, so they cannot replace a page's HTML file; middleware runs before it).
 * The logic is src/http/page-middleware.ts over the site's route table (src/site/page-middleware.ts,
 * which takes the content pages' slugs from the build); this file re-exports the build's bundle, so
 * Vercel ships one module, and holds the static config Vercel reads at build time.
 * @see https://vercel.com/docs/routing-middleware
 */
export const config = {
  // Node.js, not the deprecated edge runtime.
  runtime: 'nodejs',
  // Vercel reads this object statically, so it holds patterns, not the page list: a page is any
  // path without a dot outside the API prefixes (its trailing-slash spelling included). Files have
  // an extension, /.well-known/ a dot, /mcp, /a2a, /api/, /oauth/ and /insight belong to functions
  // and documents. Other paths reach the middleware and pass through untouched (negotiatePage
  // names no page). tests/build/vercel-build.test.ts matches every page of the site against what
  // Vercel made of it.
  matcher: ['/((?!(?:api|oauth|mcp|a2a|insight)(?:/|$))[^.]*)'],
};

export { default } from './src/generated/functions/middleware/middleware.mjs';
