import type { SiteContent } from '../schemas/site-content.ts';
import { readDocsPageNames } from '../service/docs-pages.ts';
import { buildRouteTable, type RouteTable } from '../service/routes.ts';
import { listSitePages } from '../service/site-pages.ts';
import { buildServiceUrls } from '../service/urls.ts';
import { buildCompanySlug } from '../site-content/company-slug.ts';
import { buildOpenApiDocument } from './openapi/openapi-document.ts';

/**
 * The route table of a site: the built-in surfaces, for every content page of content/pages/ its
 * page and Markdown mirror, and the API reference's pages, named by the OpenAPI document (computed
 * from the content: its operation ids and schema names do not depend on the origin) and the MCP
 * tools' names, and the agent skills' sample named after the company (its slug). One computation
 * for vercel.ts, the servers, the documents and `npm run smoke`.
 */
export function buildSiteRoutes(content: SiteContent, toolNames: readonly string[]): RouteTable {
  const openapi = buildOpenApiDocument(content, buildServiceUrls('http://localhost'), undefined);
  return buildRouteTable(
    listSitePages(
      content.contentPages.map((page) => page.slug),
      readDocsPageNames(openapi, toolNames),
    ),
    buildCompanySlug(content.company),
  );
}
