import type { SiteSnapshot } from '../site-content/site-snapshot.ts';
import { buildOpenApiDocument } from '../documents/openapi/openapi-document.ts';
import type { RateLimitPolicy } from '../service/rate-limit-policy.ts';
import { buildServiceUrls } from '../service/urls.ts';
import { buildToolDescriptors } from '../mcp/tool-descriptors.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { McpTool } from '../mcp/tool-definition.ts';
import { parseSiteOutlines } from '../site-content/site-outlines.ts';
import { listContentStopWords } from './search-language.ts';

/**
 * Computes everything the build hands to the functions (build time only: it needs full zod and
 * the native Markdown parser).
 */
export function buildSiteSnapshot(
  siteUrl: string,
  content: SiteContent,
  rateLimit: RateLimitPolicy | undefined,
  tools: readonly McpTool[],
): SiteSnapshot {
  const urls = buildServiceUrls(siteUrl);
  return {
    siteUrl,
    content,
    outlines: parseSiteOutlines(content),
    openapi: buildOpenApiDocument(content, urls, rateLimit),
    mcpTools: buildToolDescriptors(content, tools),
    rateLimit: rateLimit ?? null,
    searchStopWords: listContentStopWords(content.company.locale),
  };
}
