import type { SiteSnapshot } from '../site-content/site-snapshot.ts';
import { buildApiCatalog } from './api-catalog.ts';
import { buildAuthMd } from './auth-md.ts';
import { buildAuthorizationServerMetadata } from './authorization-server-metadata.ts';
import { buildClaimMetadata } from './claim-metadata.ts';
import { buildCopyDocuments } from './copy-documents.ts';
import { buildLlmsFullTxt } from './llms-full-txt.ts';
import { buildLlmsTxt } from './llms-txt.ts';
import { buildOverview } from './overview.ts';
import { buildProtectedResourceMetadata } from './protected-resource-metadata.ts';
import { buildServiceUrls } from '../service/urls.ts';

/** Every public document of the service, computed from one snapshot. */
export type SiteDocuments = ReturnType<typeof buildSiteDocuments>;

/**
 * Builds every document the service publishes from the build's snapshot; prerendered routes and
 * functions share it. Everything here is cheap, zod-free code that runs at a function's cold start.
 */
export function buildSiteDocuments(snapshot: SiteSnapshot) {
  const { content, siteUrl } = snapshot;
  const urls = buildServiceUrls(siteUrl);
  return {
    siteUrl,
    content,
    outlines: snapshot.outlines,
    urls,
    rateLimit: snapshot.rateLimit,
    searchStopWords: snapshot.searchStopWords,
    overview: buildOverview(content, urls),
    openapi: snapshot.openapi,
    mcpTools: snapshot.mcpTools,
    llmsTxt: buildLlmsTxt(content, urls, snapshot.mcpTools, snapshot.openapi),
    llmsFullTxt: buildLlmsFullTxt(content, urls, snapshot.outlines, {
      openapi: snapshot.openapi,
      tools: snapshot.mcpTools,
    }),
    authMd: buildAuthMd(content, urls, snapshot.rateLimit ?? undefined),
    protectedResource: buildProtectedResourceMetadata(content, urls, 'origin'),
    protectedResourceMcp: buildProtectedResourceMetadata(content, urls, 'mcp'),
    authorizationServer: buildAuthorizationServerMetadata(urls),
    apiCatalog: buildApiCatalog(urls),
    claim: buildClaimMetadata(urls),
    copyDocuments: buildCopyDocuments(content, snapshot.outlines, urls.home),
  };
}

/** Serializes a JSON document the way every surface publishes it. */
export function serializeJson(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
