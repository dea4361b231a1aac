import type { SiteSnapshot } from '../lib/content/site-snapshot.ts';
import { buildOpenApiDocument } from '../lib/openapi.ts';
import type { RateLimitPolicy } from '../lib/rate-limit.ts';
import { buildServiceUrls } from '../lib/service-urls.ts';
import { buildToolDescriptors } from '../mcp/tool-descriptors.ts';
import type { SiteContent } from '../schemas/site-content.ts';

/** Computes everything the build hands to the functions (build time only: it needs full zod). */
export function buildSiteSnapshot(
  siteUrl: string,
  content: SiteContent,
  rateLimit: RateLimitPolicy | undefined,
): SiteSnapshot {
  const urls = buildServiceUrls(siteUrl);
  return {
    siteUrl,
    content,
    openapi: buildOpenApiDocument(content, urls, rateLimit),
    mcpTools: buildToolDescriptors(content, urls),
    rateLimit: rateLimit ?? null,
  };
}
