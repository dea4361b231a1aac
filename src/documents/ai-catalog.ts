import {
  AI_CATALOG_SPEC_VERSION,
  type AiCatalog,
  type AiCatalogEntry,
} from '../schemas/ai-catalog.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { API_VERSION, MCP_AGENT_VERSION } from '../service/versions.ts';
import { buildMcpServerName } from './mcp-server-identity.ts';
import { buildServerCardUrl } from './mcp-server-card.ts';

/** The OpenAPI description's registered media type, as the catalog names the artifact. */
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json';

/**
 * The `<publisher>` of a `urn:air:` identifier: the origin's host name (an address's brackets and
 * colons, which the URN pattern refuses, become dashes).
 */
function buildPublisher(urls: ServiceUrls): string {
  return new URL(urls.origin).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-');
}

/**
 * Builds the AI Catalog at /.well-known/ai-catalog.json (and the older /.well-known/mcp/catalog.json):
 * the MCP server card, the RFC 9727 API catalog and the OpenAPI description, each by URL.
 * @see https://github.com/ards-project/ard-spec (spec/ard.md §4.1-4.3, v0.9 draft, 2026-07-15)
 * @see https://github.com/modelcontextprotocol/experimental-ext-server-card (docs/discovery.md)
 */
export function buildAiCatalog(content: SiteContent, urls: ServiceUrls): AiCatalog {
  const publisher = buildPublisher(urls);
  const { company } = content;
  const entries: AiCatalogEntry[] = [
    {
      identifier: `urn:air:${publisher}:mcp:${buildMcpServerName(content)}`,
      displayName: `${company.alternateName} facts (MCP server)`,
      type: SERVER_CARD_MEDIA_TYPE,
      url: buildServerCardUrl(urls),
      description: `Read-only MCP tools, resources and prompts over ${company.name}'s public marketing facts; no authentication required.`,
      version: MCP_AGENT_VERSION,
      representativeQueries: [
        `What does ${company.alternateName} do?`,
        `Search ${company.alternateName}'s website copy`,
        `${company.alternateName} product description and calls to action`,
      ],
    },
    {
      identifier: `urn:air:${publisher}:api:api-catalog`,
      displayName: `${company.alternateName} API catalog`,
      type: MEDIA_TYPES.linksetDocument,
      url: urls.apiCatalog,
      description: 'RFC 9727 linkset of the APIs this origin offers (REST v1 and MCP).',
      representativeQueries: [
        `Which APIs does ${company.alternateName} offer?`,
        `${company.alternateName} REST API and MCP endpoint`,
      ],
    },
    {
      identifier: `urn:air:${publisher}:api:rest-v1`,
      displayName: `${company.alternateName} REST API v1 (OpenAPI)`,
      type: OPENAPI_MEDIA_TYPE,
      url: urls.openapi,
      description: 'OpenAPI 3.1 description of every endpoint of the read-only REST API.',
      version: API_VERSION,
      representativeQueries: [
        `${company.alternateName} company overview API`,
        `OpenAPI description of the ${company.alternateName} REST API`,
      ],
    },
  ];
  return {
    specVersion: AI_CATALOG_SPEC_VERSION,
    host: { displayName: company.name, identifier: publisher, documentationUrl: urls.developers },
    entries,
  };
}
