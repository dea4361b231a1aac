import type { SiteSnapshot } from '../lib/content/site-snapshot.ts';
import { buildOpenApiDocument } from '../lib/openapi.ts';
import { buildServiceUrls } from '../lib/service-urls.ts';
import { buildToolDescriptors } from '../mcp/tool-descriptors.ts';
import type { SiteContent } from '../schemas/site-content.ts';

/** Computes everything the build hands to the functions (build time only: it needs full zod). */
export function buildSiteSnapshot(siteUrl: string, content: SiteContent): SiteSnapshot {
  const urls = buildServiceUrls(siteUrl);
  return {
    siteUrl,
    content,
    openapi: buildOpenApiDocument(content, urls),
    mcpTools: buildToolDescriptors(content, urls),
  };
}
