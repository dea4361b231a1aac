import { CONTENT_PAGE_SLUGS } from '../generated/content-pages.ts';
import { DOCS_PAGE_NAMES } from '../generated/docs-pages.ts';
import { buildRouteTable, type RouteTable } from '../service/routes.ts';
import { listSitePages } from '../service/site-pages.ts';

/**
 * The built site's route table: the built-in pages and surfaces, the content pages the build
 * found in content/pages/ and the API reference's pages (vercel.ts and the servers compute the
 * same from content/ and the tools). It imports the slugs and names alone, so the middleware's
 * bundle carries none of the rest of the snapshot, and the functions, which need no page list,
 * do not carry the table.
 */
export const siteRoutes: RouteTable = buildRouteTable(
  listSitePages(CONTENT_PAGE_SLUGS, DOCS_PAGE_NAMES),
);
