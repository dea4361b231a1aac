import type { Overview } from '../schemas/overview.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { API_VERSION } from '../service/versions.ts';

/** Builds the Overview resource served at GET /api/v1/overview (docs/spec.md §2, §4). */
export function buildOverview(content: SiteContent, urls: ServiceUrls): Overview {
  const { company } = content;
  return {
    name: company.name,
    alternateName: company.alternateName,
    url: company.website,
    description: company.description,
    tagline: company.tagline,
    apiVersion: API_VERSION,
    links: {
      mcp: urls.mcp,
      developers: urls.developers,
      docs: urls.docs,
      openapi: urls.openapi,
      openapiV1: urls.openapiV1,
    },
  };
}
