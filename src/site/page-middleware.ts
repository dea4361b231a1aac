import { createPageMiddleware } from '../http/page-middleware.ts';
import { MARKDOWN_TOKEN_COUNTS } from '../generated/markdown-tokens.ts';
import { withMiddlewareCounting } from '../insight/middleware-counting.ts';
import { readMarkdownTokenCounts } from '../service/markdown-tokens.ts';
import { siteRoutes } from './site-routes.ts';

/**
 * The site's Vercel Routing Middleware (middleware.js re-exports the build's bundle of it), over
 * the built site's route table and the build's token counts of its Markdown answers, counting
 * what it passes through for the insight report when INSIGHT_COUNT_DOCUMENTS=on.
 * @see https://vercel.com/docs/routing-middleware
 */
export default withMiddlewareCounting(
  createPageMiddleware(siteRoutes, readMarkdownTokenCounts(MARKDOWN_TOKEN_COUNTS)),
  siteRoutes,
);
