/**
 * Vercel Routing Middleware: Markdown for agents on a page's own URL (vercel.json rewrites run
 * after the filesystem, so they cannot replace a page's HTML file; middleware runs before it), and,
 * when the owner turns it on, the count of agent documents for the insight report. The logic is
 * src/http/page-middleware.ts over the site's route table (src/site/page-middleware.ts, which takes
 * the content pages' slugs from the build); this file re-exports the build's bundle, so Vercel
 * ships one module, and holds the static config Vercel reads at build time. Where it runs (its
 * matcher) is computed by vercel.ts from the route table (`proxy.matcher`,
 * src/service/middleware-matcher.ts): Vercel refuses a matcher given in both places.
 * @see https://vercel.com/docs/routing-middleware
 */
export const config = {
  // Node.js, not the deprecated edge runtime.
  runtime: 'nodejs',
};

export { default } from './src/generated/functions/middleware/middleware.mjs';
