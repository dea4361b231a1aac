import type { ApiCatalogLinkset } from '../schemas/api-catalog.ts';
import type { ServiceUrls } from '../service/urls.ts';

/**
 * Builds the API catalog: one linkset entry each for the REST API, the MCP endpoint and the A2A
 * endpoint (whose service-desc is its agent card).
 * Targets are listed under the RFC 9727 relation names (service-desc, service-doc, service-meta)
 * and, as docs/spec.md §2 asks, again in a `service` array whose entries carry their `rel`.
 * @see RFC 9727 §4 and RFC 9264 §4.2
 */
export function buildApiCatalog(urls: ServiceUrls): ApiCatalogLinkset {
  const openapi = { href: urls.openapi, type: 'application/vnd.oai.openapi+json;version=3.1' };
  const docs = { href: urls.docs, type: 'text/html' };
  const metadata = { href: urls.protectedResource, type: 'application/json' };
  const agentCard = { href: urls.agentCard, type: 'application/json' };
  const mcpMetadata = { href: urls.protectedResourceMcp, type: 'application/json' };
  return {
    linkset: [
      {
        anchor: urls.restBase,
        'service-desc': [openapi],
        'service-doc': [docs],
        'service-meta': [metadata],
        service: [
          { ...openapi, rel: 'service-desc' },
          { ...docs, rel: 'service-doc' },
          { ...metadata, rel: 'service-meta' },
        ],
      },
      {
        anchor: urls.mcp,
        'service-desc': [openapi],
        'service-doc': [{ href: urls.developers, type: 'text/html' }],
        'service-meta': [mcpMetadata],
        service: [
          { ...openapi, rel: 'service-desc' },
          { href: urls.developers, type: 'text/html', rel: 'service-doc' },
          { ...mcpMetadata, rel: 'service-meta' },
        ],
      },
      // The A2A endpoint (issue 28): described by its agent card, documented on /developers.
      {
        anchor: urls.a2a,
        'service-desc': [agentCard],
        'service-doc': [{ href: urls.developers, type: 'text/html' }],
        'service-meta': [metadata],
        service: [
          { ...agentCard, rel: 'service-desc' },
          { href: urls.developers, type: 'text/html', rel: 'service-doc' },
          { ...metadata, rel: 'service-meta' },
        ],
      },
    ],
  };
}
