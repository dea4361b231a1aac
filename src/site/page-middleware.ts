import { createPageMiddleware } from '../http/page-middleware.ts';
import { withMiddlewareCounting } from '../insight/middleware-counting.ts';
import { siteRoutes } from './site-routes.ts';

/**
 * The site's Vercel Routing Middleware (middleware.ts re-exports the build's bundle of it), over
 * the built site's route table, counting what it passes through for the insight report when
 * INSIGHT_COUNT_DOCUMENTS=on.
 * @see https://vercel.com/docs/routing-middleware
 */
export default withMiddlewareCounting(createPageMiddleware(siteRoutes), siteRoutes);
