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

/** How the catalog types an A2A agent card: the card is JSON (A2A 1.0 §8.2 names no media type of its own). */
export const A2A_AGENT_CARD_MEDIA_TYPE = 'application/json';

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
 * the MCP server card, the A2A agent card, the RFC 9727 API catalog and the OpenAPI description, each by URL.
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
    // The A2A agent card (issue 28): the same tools as skills of an A2A agent.
    {
      identifier: `urn:air:${publisher}:agent:${buildMcpServerName(content)}`,
      displayName: `${company.alternateName} facts (A2A agent)`,
      type: A2A_AGENT_CARD_MEDIA_TYPE,
      url: urls.agentCard,
      description: `A2A agent card of a stateless agent whose skills answer from ${company.name}'s public marketing facts (JSON-RPC binding at ${urls.a2a}); no authentication required.`,
      version: MCP_AGENT_VERSION,
      representativeQueries: [
        `Ask ${company.alternateName}'s agent what the company does`,
        `${company.alternateName} A2A agent card`,
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
