import type { SiteContent } from '../schemas/site-content.ts';
import { buildRouteTable, type RouteTable } from '../service/routes.ts';
import { listSitePages } from '../service/site-pages.ts';

/**
 * The route table of a site: the built-in surfaces and, for every content page of content/pages/,
 * its page and Markdown mirror. One computation for vercel.ts, the servers and the documents.
 */
export function buildSiteRoutes(content: Pick<SiteContent, 'contentPages'>): RouteTable {
  return buildRouteTable(listSitePages(content.contentPages.map((page) => page.slug)));
}
