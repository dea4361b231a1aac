import { readAsciiMailbox, toAsciiUri } from '../../schemas/mailto.ts';
import type { SiteContent } from '../../schemas/site-content.ts';
import type { RateLimitPolicy } from '../../service/rate-limit-policy.ts';
import type { ServiceUrls } from '../../service/urls.ts';
import { API_VERSION, MCP_AGENT_VERSION } from '../../service/versions.ts';
import { buildA2aPaths } from './a2a-paths.ts';
import { buildAgentResourcePaths } from './agent-resource-paths.ts';
import { buildComponentSchemas, type JsonObject } from './component-schemas.ts';
import {
  describeConditionalGets,
  ETAG,
  ETAG_HEADER,
  NOT_MODIFIED,
  NOT_MODIFIED_RESPONSE,
} from './conditional-gets.ts';
import { buildDiscoveryPaths } from './discovery-paths.ts';
import { buildResponseComponents } from './error-responses.ts';
import { describeLimits } from './limits-description.ts';
import { buildMcpPaths } from './mcp-paths.ts';
import { buildOAuthPaths } from './oauth-paths.ts';
import { buildRestPaths } from './rest-paths.ts';
import { escapeMarkdownText } from '../../service/escape-markdown.ts';

/**
 * Builds the OpenAPI 3.1 description of the whole service (docs/spec.md §4): REST paths relative to the
 * REST base, the origin's resources with path-level servers, and the Problem responses of §7.
 * @see https://spec.openapis.org/oas/v3.1.1
 */
export function buildOpenApiDocument(
  content: SiteContent,
  urls: ServiceUrls,
  rateLimit: RateLimitPolicy | undefined,
): JsonObject {
  const { company } = content;

  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${company.alternateName} public marketing facts API`,
      version: API_VERSION,
      summary: `Read-only public marketing facts about ${company.name}, for people and AI agents.`,
      description: [
        escapeMarkdownText(company.description),
        '',
        // Not "no pricing": an owner's pages may well publish prices, which an agent must not
        // read as withheld.
        'This API publishes public marketing facts only, as the site publishes them: no customer data, accounts, orders or API keys.',
        'No authentication is required; an anonymous bearer token is optional and only labels traffic.',
        "Paths are relative to the REST base; MCP, text, discovery and OAuth resources are served at the origin (see each path's servers).",
        '',
        'Versioning: the REST API is versioned by URL path (`/api/v1`). Non-breaking additions may ship in patch releases; a breaking change requires a new major path (for example `/api/v2`) and is announced in this description at least one release ahead. There is one environment, production; there is no staging.',
        '',
        `The MCP agent version is ${MCP_AGENT_VERSION}.`,
        '',
        `Limits: ${describeLimits(rateLimit)}`,
      ].join('\n'),
      contact: describeContact(company),
      license: { name: 'Public marketing facts, free to quote with attribution', url: urls.docs },
    },
    servers: [
      { url: urls.restBase, description: 'REST API v1' },
      { url: urls.origin, description: 'The origin: MCP, text, discovery and OAuth resources' },
      { url: urls.mcp, description: 'The MCP endpoint (streamable HTTP)' },
    ],
    security: [{}, { anonymousBearer: [] }],
    tags: [
      { name: 'REST', description: 'REST API v1' },
      { name: 'MCP', description: 'The MCP endpoint (JSON-RPC 2.0 over streamable HTTP)' },
      {
        name: 'A2A',
        description: 'The A2A agent (JSON-RPC binding), whose skills are the MCP tools',
      },
      { name: 'Agent resources', description: 'Plain-text resources for agents' },
      { name: 'Discovery', description: 'OAuth and API discovery metadata' },
      { name: 'OAuth', description: 'Optional anonymous OAuth endpoints' },
    ],
    paths: describeConditionalGets(
      {
        ...buildRestPaths(content, urls),
        ...buildMcpPaths(urls),
        ...buildA2aPaths(content, urls),
        ...buildAgentResourcePaths(content, urls),
        ...buildDiscoveryPaths(content, urls),
        ...buildOAuthPaths(urls),
      },
      urls.restBase,
    ),
    components: {
      schemas: buildComponentSchemas(),
      responses: {
        ...buildResponseComponents(urls, rateLimit),
        [NOT_MODIFIED_RESPONSE]: NOT_MODIFIED,
      },
      headers: {
        [ETAG_HEADER]: ETAG,
        ApiCatalogLink: {
          description: 'Link to the API catalog with rel="api-catalog" (RFC 9727 §2).',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        anonymousBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'Optional. An anonymous access token from /oauth/token; it only labels traffic. No operation requires it.',
        },
      },
    },
  };
}

/**
 * The description's contact object: the company's name, its contact page (else its website) as
 * `url`, and a `mailto:` contact address as `email`, beside the website as `url`. The contact
 * object's `email` is `format: email`, ASCII only: an address whose local part is not ASCII
 * (`begoña@…`) stays a `mailto:` URL as `url`, in ASCII (`format: uri`), as a contact page does.
 */
function describeContact(company: SiteContent['company']) {
  const { contactUrl } = company;
  if (contactUrl === undefined) return { name: company.name, url: company.website };
  const email = readAsciiMailbox(contactUrl);
  if (email !== undefined) return { name: company.name, url: company.website, email };
  return { name: company.name, url: toAsciiUri(contactUrl) };
}
