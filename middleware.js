// @ts-check
/**
 * Vercel Routing Middleware: Markdown for agents on a page's own URL (vercel.json rewrites run
 * after the filesystem, so they cannot replace a page's HTML file; middleware runs before it), and,
 * when the owner turns it on, the count of agent documents for the insight report. The logic is
 * src/http/page-middleware.ts over the site's route table (src/site/page-middleware.ts, which takes
 * the content pages' slugs from the build); this file re-exports the build's bundle, so Vercel
 * ships one module, and holds the static config Vercel reads at build time.
 * @see https://vercel.com/docs/routing-middleware
 */
export const config = {
  // Node.js, not the deprecated edge runtime.
  runtime: 'nodejs',
  // Where it runs, as src/service/middleware-matcher.ts computes it from the route table: the
  // pages (a path without a dot outside the functions' prefixes, both spellings). Vercel reads
  // this object statically, so vercel.ts writes its computed matcher here before the build reads
  // it (src/integrations/middleware-matcher-file.ts); INSIGHT_COUNT_DOCUMENTS=on widens it to the
  // agent documents. tests/unit/routes.test.ts holds this line to the computed default.
  matcher: ['/((?!(?:api|oauth|mcp|a2a|insight)(?:/|$))[^.]*)'],
};

export { default } from './src/generated/functions/middleware/middleware.mjs';
