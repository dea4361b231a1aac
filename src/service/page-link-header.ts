import { MEDIA_TYPES } from './media-types.ts';
import { SERVICE_PATHS } from './urls.ts';
import type { SitePage } from './site-pages.ts';

/**
 * The `Link` header of an HTML page: the API catalog, the AI Catalog (ARD §6.1), the OpenAPI description (service-desc), the
 * docs (service-doc), llms.txt (describedby) and the page's Markdown mirror (alternate). Targets
 * are relative, so one vercel.json serves every origin; a test holds vercel.json to this value.
 * @see RFC 8288 §3 (Link header), RFC 9727 §3 (api-catalog), RFC 8631 (service-desc, service-doc)
 */
export function buildPageLinkHeader(page: SitePage): string {
  return [
    `<${SERVICE_PATHS.apiCatalog}>; rel="api-catalog"`,
    `<${SERVICE_PATHS.aiCatalog}>; rel="ai-catalog"; type="${MEDIA_TYPES.aiCatalog}"`,
    `<${SERVICE_PATHS.openapi}>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`,
    `<${SERVICE_PATHS.docs}>; rel="service-doc"; type="text/html"`,
    `<${SERVICE_PATHS.llmsTxt}>; rel="describedby"; type="text/plain"`,
    `<${page.markdownPath}>; rel="alternate"; type="text/markdown"`,
  ].join(', ');
}

/** The `Link` header of a Markdown mirror: its HTML page is canonical. */
export function buildMirrorLinkHeader(page: SitePage): string {
  return `<${page.path}>; rel="canonical"; type="text/html"`;
}
