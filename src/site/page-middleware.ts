import { createPageMiddleware } from '../http/page-middleware.ts';
import { siteRoutes } from './site-routes.ts';

/**
 * The site's Vercel Routing Middleware (middleware.ts re-exports the build's bundle of it), over
 * the built site's route table.
 * @see https://vercel.com/docs/routing-middleware
 */
export default createPageMiddleware(siteRoutes);
