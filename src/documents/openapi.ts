import { z } from 'zod';
import { ApiCatalogLinksetSchema, LinkTargetSchema } from '../schemas/api-catalog.ts';
import {
  AgentAuthRegistrationMethodSchema,
  AgentAuthSchema,
  AuthorizationServerMetadataSchema,
} from '../schemas/authorization-server-metadata.ts';
import { ClaimMetadataSchema } from '../schemas/claim-metadata.ts';
import {
  ClientRegistrationRequestSchema,
  ClientRegistrationResponseSchema,
} from '../schemas/client-registration.ts';
import { JsonRpcRequestSchema, JsonRpcResponseSchema } from '../schemas/json-rpc.ts';
import { McpEndpointMetadataSchema } from '../schemas/mcp-endpoint-metadata.ts';
import {
  JsonWebKeySetSchema,
  OAuthErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '../schemas/oauth.ts';
import { OverviewLinksSchema, OverviewSchema } from '../schemas/overview.ts';
import { ProblemSchema } from '../schemas/problem.ts';
import { ProtectedResourceMetadataSchema } from '../schemas/protected-resource-metadata.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { buildApiCatalog } from './api-catalog.ts';
import { buildAuthorizationServerMetadata } from './authorization-server-metadata.ts';
import { buildClaimMetadata } from './claim-metadata.ts';
import { buildOverview } from './overview.ts';
import { LIMITS } from '../service/limits.ts';
import { buildQuickstartInitialize, QUICKSTART_TOOLS_LIST } from './mcp-quickstart.ts';
import { buildProblem } from './problem.ts';
import { findErrorKind, STANDARD_ERRORS } from '../service/error-kinds.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { buildProtectedResourceMetadata } from './protected-resource-metadata.ts';
import {
  DEFAULT_RATE_LIMIT,
  formatRateLimitPolicy,
  RATE_LIMIT_POLICY_NAME,
  type RateLimitPolicy,
} from '../service/rate-limit-policy.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { API_VERSION, MCP_AGENT_VERSION } from '../service/versions.ts';

type JsonObject = Record<string, unknown>;

/** Every schema published under components.schemas, generated from the zod schemas. */
const COMPONENT_SCHEMAS = [
  OverviewLinksSchema,
  OverviewSchema,
  ProblemSchema,
  McpEndpointMetadataSchema,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  ProtectedResourceMetadataSchema,
  AgentAuthRegistrationMethodSchema,
  AgentAuthSchema,
  AuthorizationServerMetadataSchema,
  LinkTargetSchema,
  ApiCatalogLinksetSchema,
  ClientRegistrationRequestSchema,
  ClientRegistrationResponseSchema,
  ClaimMetadataSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  OAuthErrorSchema,
  JsonWebKeySetSchema,
] as const;

/**
 * Converts the zod schemas to OpenAPI 3.1 components (JSON Schema 2020-12), with references
 * between them pointing at #/components/schemas.
 */
export function buildComponentSchemas(): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const schema of COMPONENT_SCHEMAS) {
    const id = z.globalRegistry.get(schema)?.id;
    if (!id) throw new Error('every component schema needs .meta({ id })');
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** OAuth endpoints answer errors with RFC 6749 §5.2 / RFC 7591 §3.2.2 bodies, as clients expect. */
const OAUTH_ERROR_RESPONSES = {
  '400': {
    description: 'An OAuth error (RFC 6749 §5.2, RFC 7591 §3.2.2), e.g. invalid_request.',
    content: { 'application/json': { schema: ref('OAuthError') } },
  },
  '401': {
    description: 'The client could not be authenticated (invalid_client, RFC 6749 §5.2).',
    content: { 'application/json': { schema: ref('OAuthError') } },
  },
};

/** A reference to the shared response of an endpoint-specific error kind. */
function problemResponseRef(code: keyof typeof ENDPOINT_RESPONSE_NAMES) {
  return { $ref: `#/components/responses/${ENDPOINT_RESPONSE_NAMES[code]}` };
}

const ENDPOINT_RESPONSE_NAMES = {
  forbidden_origin: 'ForbiddenOrigin',
  request_timeout: 'RequestTimeout',
  payload_too_large: 'ContentTooLarge',
  uri_too_long: 'UriTooLong',
  unsupported_media_type: 'UnsupportedMediaType',
  header_fields_too_large: 'HeaderFieldsTooLarge',
} as const;

/**
 * Refusals any request can meet before an operation sees it (the server's limits on time, target
 * length and head size); every operation declares them.
 */
const TRANSPORT_ERROR_RESPONSES = {
  '408': problemResponseRef('request_timeout'),
  '414': problemResponseRef('uri_too_long'),
  '431': problemResponseRef('header_fields_too_large'),
};

const ERROR_RESPONSES = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '404': { $ref: '#/components/responses/NotFound' },
  '405': { $ref: '#/components/responses/MethodNotAllowed' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
  '500': { $ref: '#/components/responses/InternalServerError' },
} as const;

const RESPONSE_NAMES: Record<keyof typeof ERROR_RESPONSES, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '404': 'NotFound',
  '405': 'MethodNotAllowed',
  '429': 'TooManyRequests',
  '500': 'InternalServerError',
};

function jsonContent(
  schemaId: string,
  example?: unknown,
  mediaType = 'application/json',
): JsonObject {
  return { [mediaType]: { schema: ref(schemaId), ...(example === undefined ? {} : { example }) } };
}

function textContent(mediaType: string, example: string): JsonObject {
  return { [mediaType]: { schema: { type: 'string' }, example } };
}

interface OperationInput {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly responses: JsonObject;
  /** Error responses that replace the standard Problem ones (OAuth bodies, RFC 6749 §5.2). */
  readonly errorResponses?: JsonObject;
  readonly requestBody?: JsonObject;
  readonly parameters?: readonly JsonObject[];
}

function operation(input: OperationInput): JsonObject {
  return {
    operationId: input.operationId,
    summary: input.summary,
    description: input.description,
    tags: [input.tag],
    ...(input.parameters ? { parameters: input.parameters } : {}),
    ...(input.requestBody ? { requestBody: input.requestBody } : {}),
    responses: {
      ...input.responses,
      ...ERROR_RESPONSES,
      ...TRANSPORT_ERROR_RESPONSES,
      ...input.errorResponses,
    },
  };
}

/** The Problem responses every operation declares (SPEC §4, §7), by component name. */
function buildProblemResponses(
  urls: ServiceUrls,
  rateLimit: RateLimitPolicy | undefined,
): Record<string, JsonObject> {
  return Object.fromEntries(
    STANDARD_ERRORS.map((error) => {
      const status = String(error.status) as keyof typeof RESPONSE_NAMES;
      const headers =
        error.status === 405
          ? {
              Allow: {
                description: 'The methods the resource supports.',
                schema: { type: 'string' },
              },
            }
          : error.status === 429
            ? {
                'Retry-After': {
                  description: 'Seconds to wait before retrying.',
                  schema: { type: 'integer' },
                },
                RateLimit: {
                  description: `The client's remaining quota \`r\` and seconds to reset \`t\` (draft-ietf-httpapi-ratelimit-headers), e.g. \`"${RATE_LIMIT_POLICY_NAME}";r=0;t=42\`. Sent on every answer of the MCP and OAuth endpoints.`,
                  schema: { type: 'string' },
                },
                'RateLimit-Policy': {
                  description: `The quota \`q\` per window \`w\` seconds, e.g. \`${formatRateLimitPolicy(rateLimit ?? DEFAULT_RATE_LIMIT)}\`. Sent on every answer of the MCP and OAuth endpoints.`,
                  schema: { type: 'string' },
                },
              }
            : undefined;
      return [
        RESPONSE_NAMES[status],
        {
          description: error.status === 429 ? describeRateLimit(rateLimit) : error.title,
          ...(headers ? { headers } : {}),
          content: {
            [MEDIA_TYPES.problem]: {
              schema: ref('Problem'),
              example: buildProblem(urls.origin, { ...error, instance: '/api/v1/overview' }),
            },
          },
        },
      ];
    }),
  );
}

/**
 * Builds the OpenAPI 3.1 description of the whole service (SPEC §4): REST paths relative to the
 * REST base, the origin's resources with path-level servers, and the Problem responses of §7.
 * @see https://spec.openapis.org/oas/v3.1.1
 */
export function buildOpenApiDocument(
  content: SiteContent,
  urls: ServiceUrls,
  rateLimit: RateLimitPolicy | undefined,
): JsonObject {
  const { company } = content;
  const origin = [{ url: urls.origin, description: 'The origin' }];

  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${company.alternateName} public marketing facts API`,
      version: API_VERSION,
      summary: `Read-only public marketing facts about ${company.name}, for people and AI agents.`,
      description: [
        `${company.description}`,
        '',
        'This API publishes public marketing facts only: no customer data, pricing, accounts or API keys.',
        'No authentication is required; an anonymous bearer token is optional and only labels traffic.',
        "Paths are relative to the REST base; MCP, text, discovery and OAuth resources are served at the origin (see each path's servers).",
        '',
        'Versioning: the REST API is versioned by URL path (`/api/v1`). Non-breaking additions may ship in patch releases; a breaking change requires a new major path (for example `/api/v2`) and is announced in this description at least one release ahead. There is one environment, production; there is no staging.',
        '',
        `The MCP agent version is ${MCP_AGENT_VERSION}.`,
        '',
        `Limits: ${describeLimits(rateLimit)}`,
      ].join('\n'),
      contact: { name: company.name, url: company.contactUrl ?? company.website },
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
      { name: 'Agent resources', description: 'Plain-text resources for agents' },
      { name: 'Discovery', description: 'OAuth and API discovery metadata' },
      { name: 'OAuth', description: 'Optional anonymous OAuth endpoints' },
    ],
    paths: {
      '/overview': {
        get: operation({
          operationId: 'getOverview',
          summary: 'Get the company overview',
          description:
            "The company's public overview: name, description, tagline, API version and links.",
          tag: 'REST',
          responses: {
            '200': {
              description: 'The overview.',
              content: jsonContent('Overview', buildOverview(content, urls)),
            },
          },
        }),
      },
      '/openapi.json': {
        servers: [
          { url: urls.restBase, description: 'REST API v1' },
          { url: urls.origin, description: 'The origin' },
        ],
        get: operation({
          operationId: 'getOpenApiDocument',
          summary: 'Get this OpenAPI description',
          description:
            'This OpenAPI 3.1 document; the same document is served under the REST base and at the origin.',
          tag: 'REST',
          responses: {
            '200': {
              description: 'The OpenAPI document.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        }),
      },
      '/mcp': {
        servers: origin,
        get: operation({
          operationId: 'getMcpEndpointMetadata',
          summary: 'Describe the MCP endpoint',
          description: 'Metadata about the MCP endpoint. Send JSON-RPC requests with POST.',
          tag: 'MCP',
          responses: {
            '200': {
              description: 'The endpoint metadata.',
              content: jsonContent('McpEndpointMetadata'),
            },
          },
        }),
        post: operation({
          operationId: 'postMcpMessage',
          summary: 'Send a JSON-RPC message to the MCP endpoint',
          description:
            'MCP over streamable HTTP, stateless. The quickstart sends initialize, then tools/list. Every tool returns read-only marketing facts.',
          tag: 'MCP',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('JsonRpcRequest'),
                examples: {
                  initialize: {
                    summary: 'Quickstart: initialize',
                    value: buildQuickstartInitialize(),
                  },
                  toolsList: { summary: 'Quickstart: tools/list', value: QUICKSTART_TOOLS_LIST },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The JSON-RPC response.',
              content: jsonContent('JsonRpcResponse'),
            },
            '202': { description: 'A notification was accepted; there is no body.' },
          },
          errorResponses: {
            '400': {
              description:
                'A JSON-RPC error that the transport answers with 400: parse error (-32700), invalid request or a batch the protocol version does not allow (-32600), an unsupported MCP-Protocol-Version (-32022), missing 2026-07-28 request metadata (-32602) or a header that disagrees with the body (-32020).',
              content: jsonContent('JsonRpcResponse'),
            },
            '401': {
              description:
                'A bearer token was sent and failed verification (expired, altered, foreign, wrong audience). No token is required: drop the header or get a new one.',
              headers: {
                'WWW-Authenticate': {
                  description:
                    'Bearer error="invalid_token", error_description and resource_metadata (RFC 6750 §3, RFC 9728 §5.1).',
                  schema: { type: 'string' },
                },
              },
              content: {
                [MEDIA_TYPES.problem]: {
                  schema: ref('Problem'),
                  example: buildProblem(urls.origin, {
                    status: 401,
                    title: 'Unauthorized',
                    code: 'invalid_token',
                    detail: 'The access token is invalid.',
                    instance: '/mcp',
                  }),
                },
              },
            },
            '403': problemResponseRef('forbidden_origin'),
            '404': {
              description: 'Protocol 2026-07-28 only: the method does not exist (-32601).',
              content: jsonContent('JsonRpcResponse'),
            },
            '413': problemResponseRef('payload_too_large'),
            '415': problemResponseRef('unsupported_media_type'),
          },
        }),
      },
      '/llms.txt': {
        servers: origin,
        get: operation({
          operationId: 'getLlmsTxt',
          summary: 'Get llms.txt',
          description: 'A concise Markdown index for agents (llmstxt.org).',
          tag: 'Agent resources',
          responses: {
            '200': {
              description: 'The index.',
              content: textContent(
                'text/plain',
                `# ${company.name}\n\n> ${content.agents.summary}\n`,
              ),
            },
          },
        }),
      },
      '/llms-full.txt': {
        servers: origin,
        get: operation({
          operationId: 'getLlmsFullTxt',
          summary: 'Get llms-full.txt',
          description: 'The extended public site copy in one Markdown text.',
          tag: 'Agent resources',
          responses: {
            '200': {
              description: 'The site copy.',
              content: textContent('text/plain', `# ${company.name}\n`),
            },
          },
        }),
      },
      '/auth.md': {
        servers: origin,
        get: operation({
          operationId: 'getAuthMd',
          summary: 'Get auth.md',
          description: 'Registration discovery for agents: the anonymous OAuth flow, step by step.',
          tag: 'Agent resources',
          responses: {
            '200': {
              description: 'The document.',
              content: textContent('text/markdown', '# auth.md\n'),
            },
          },
        }),
      },
      '/.well-known/oauth-protected-resource': {
        servers: origin,
        get: operation({
          operationId: 'getProtectedResourceMetadata',
          summary: 'Get protected resource metadata for the origin',
          description: 'RFC 9728 metadata for the origin.',
          tag: 'Discovery',
          responses: {
            '200': {
              description: 'The metadata.',
              content: jsonContent(
                'OAuthProtectedResourceMetadata',
                buildProtectedResourceMetadata(content, urls, 'origin'),
              ),
            },
          },
        }),
      },
      '/.well-known/oauth-protected-resource/mcp': {
        servers: origin,
        get: operation({
          operationId: 'getMcpProtectedResourceMetadata',
          summary: 'Get protected resource metadata for the MCP endpoint',
          description: 'RFC 9728 metadata for the MCP endpoint.',
          tag: 'Discovery',
          responses: {
            '200': {
              description: 'The metadata.',
              content: jsonContent(
                'OAuthProtectedResourceMetadata',
                buildProtectedResourceMetadata(content, urls, 'mcp'),
              ),
            },
          },
        }),
      },
      '/.well-known/oauth-authorization-server': {
        servers: origin,
        get: operation({
          operationId: 'getAuthorizationServerMetadata',
          summary: 'Get authorization server metadata',
          description: 'RFC 8414 metadata, with the agent_auth block for anonymous registration.',
          tag: 'Discovery',
          responses: {
            '200': {
              description: 'The metadata.',
              content: jsonContent(
                'OAuthAuthorizationServerMetadata',
                buildAuthorizationServerMetadata(urls),
              ),
            },
          },
        }),
      },
      '/.well-known/api-catalog': {
        servers: origin,
        get: operation({
          operationId: 'getApiCatalog',
          summary: 'Get the API catalog',
          description: 'RFC 9727 API catalog as an RFC 9264 linkset.',
          tag: 'Discovery',
          responses: {
            '200': {
              description: 'The catalog.',
              headers: { Link: { $ref: '#/components/headers/ApiCatalogLink' } },
              content: jsonContent(
                'ApiCatalogLinkset',
                buildApiCatalog(urls),
                MEDIA_TYPES.linksetDocument,
              ),
            },
          },
        }),
        head: operation({
          operationId: 'headApiCatalog',
          summary: 'Locate the API catalog',
          description:
            'Answers like GET without a body; the Link header names the catalog (RFC 9727 §2).',
          tag: 'Discovery',
          responses: {
            '200': {
              description: 'The catalog exists.',
              headers: { Link: { $ref: '#/components/headers/ApiCatalogLink' } },
            },
          },
        }),
      },
      '/oauth/authorize': {
        servers: origin,
        get: operation({
          operationId: 'authorize',
          summary: 'Authorization endpoint',
          description:
            'Authorization code with PKCE (S256) for a registered redirect URI, anonymous: no login. A loopback or private-use redirect URI (RFC 8252) gets the code at once; any other redirect URI gets a page naming its host, and the code only after the user follows its link (RFC 9700 §4.11.2). Errors for such URIs are shown, never redirected.',
          tag: 'OAuth',
          parameters: [
            ['response_type', true, 'Always code'],
            ['client_id', true, 'The client_id returned by registration'],
            [
              'redirect_uri',
              false,
              'One of the registered redirect URIs; required unless the client registered exactly one',
            ],
            ['code_challenge', true, 'PKCE code challenge (RFC 7636)'],
            ['code_challenge_method', true, 'Always S256'],
            ['state', false, 'Returned unchanged'],
            ['scope', false, 'Space-separated scopes: mcp:read, mcp:tools'],
            ['resource', false, 'RFC 8707 resource indicator'],
            ['approval', false, 'Set by the confirmation page link only; clients never send it'],
          ].map(([name, required, description]) => ({
            name,
            in: 'query',
            required,
            description,
            schema: { type: 'string' },
          })),
          responses: {
            '200': {
              description:
                'For a redirect URI that is not loopback or a private-use scheme: a page naming its host, whose one link confirms (no script, its own Content-Security-Policy).',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            '302': {
              description:
                'Redirects to the redirect URI with code, state and iss (RFC 9207); for a loopback or private-use redirect URI, also with an error.',
              headers: {
                Location: {
                  description: 'The redirect URI with its parameters.',
                  schema: { type: 'string' },
                },
              },
            },
          },
        }),
      },
      '/oauth/token': {
        servers: origin,
        post: operation({
          operationId: 'requestToken',
          summary: 'Token endpoint',
          description:
            'Issues a short-lived JWT access token for grant_type=client_credentials with the registered client_id (client authentication none), or for an authorization code with PKCE.',
          tag: 'OAuth',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: ref('TokenRequest'),
                example: { grant_type: 'client_credentials', client_id: '<CLIENT_ID>' },
              },
            },
          },
          responses: {
            '200': {
              description: 'The token (never cached).',
              content: jsonContent('TokenResponse'),
            },
          },
          errorResponses: {
            ...OAUTH_ERROR_RESPONSES,
            '413': problemResponseRef('payload_too_large'),
          },
        }),
      },
      '/oauth/jwks': {
        servers: origin,
        get: operation({
          operationId: 'getJwks',
          summary: 'Get the JSON Web Key Set',
          description:
            'Public keys (EC P-256, ES256) that verify the access tokens: the current key and the previous one during a rotation. Cached for five minutes.',
          tag: 'OAuth',
          responses: {
            '200': { description: 'The key set.', content: jsonContent('JsonWebKeySet') },
          },
        }),
      },
      '/oauth/register': {
        servers: origin,
        post: operation({
          operationId: 'registerClient',
          summary: 'Dynamic client registration',
          description: 'Anonymous RFC 7591 registration with a free label.',
          tag: 'OAuth',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('ClientRegistrationRequest'),
                example: {
                  client_name: '<CLIENT_NAME>',
                  grant_types: ['client_credentials'],
                  token_endpoint_auth_method: 'none',
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'The registered client.',
              content: jsonContent('ClientRegistrationResponse'),
            },
          },
          errorResponses: {
            '400': OAUTH_ERROR_RESPONSES['400'],
            '413': problemResponseRef('payload_too_large'),
          },
        }),
      },
      '/oauth/claim': {
        servers: origin,
        get: operation({
          operationId: 'getClaimMetadata',
          summary: 'Get anonymous claim metadata',
          description: 'Contains no personal data; claim_required is false.',
          tag: 'OAuth',
          responses: {
            '200': {
              description: 'The claim metadata.',
              content: jsonContent('ClaimMetadata', buildClaimMetadata(urls)),
            },
          },
        }),
      },
    },
    components: {
      schemas: buildComponentSchemas(),
      responses: {
        ...buildProblemResponses(urls, rateLimit),
        ...Object.fromEntries(
          Object.entries(ENDPOINT_RESPONSE_NAMES).map(([code, name]) => {
            const kind = findErrorKind(code as keyof typeof ENDPOINT_RESPONSE_NAMES);
            return [
              name,
              {
                description: `${kind.title}: ${kind.detail}`,
                content: {
                  [MEDIA_TYPES.problem]: {
                    schema: ref('Problem'),
                    example: buildProblem(urls.origin, { ...kind, instance: '/mcp' }),
                  },
                },
              },
            ];
          }),
        ),
      },
      headers: {
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

/** What the 429 response says about the rate limit in force. */
export function describeRateLimit(rateLimit: RateLimitPolicy | undefined): string {
  const where =
    'Static documents are limited only by the firewall rules of the deployment, if it has any.';
  return rateLimit
    ? `Too Many Requests. The MCP and OAuth endpoints allow each client (by network address) ${rateLimit.limit} requests per ${rateLimit.windowSeconds} seconds, counted on each server instance. ${where}`
    : `Too Many Requests. This deployment's functions apply no rate limit of their own. ${where}`;
}

/** Every limit, in one sentence per kind, for the API description. */
export function describeLimits(rateLimit: RateLimitPolicy | undefined): string {
  return [
    rateLimit
      ? `${rateLimit.limit} requests per client per ${rateLimit.windowSeconds} seconds at the MCP and OAuth endpoints (429 with Retry-After, RateLimit and RateLimit-Policy);`
      : 'no rate limit of the functions themselves;',
    `request bodies up to ${LIMITS.mcpBodyBytes} bytes at the MCP endpoint and ${LIMITS.oauthBodyBytes} bytes at the OAuth endpoints (413);`,
    `JSON nested at most ${LIMITS.jsonDepth} levels deep and JSON-RPC batches of at most ${LIMITS.batchMessages} messages (JSON-RPC error -32600);`,
    `request targets up to ${LIMITS.urlLength} characters (414) and request heads up to ${LIMITS.headerBytes} bytes (431).`,
  ].join(' ');
}
