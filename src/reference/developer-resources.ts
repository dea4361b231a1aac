import type { ServiceUrls } from '../service/urls.ts';

/** One row of the developer portal's "Resources for agents" table. */
export interface DeveloperResource {
  readonly name: string;
  readonly href: string;
  readonly type: string;
}

/** Every resource the developer portal lists for agents, in its order (page and Markdown). */
export function listDeveloperResources(urls: ServiceUrls): DeveloperResource[] {
  return [
    { name: 'Company overview (REST v1)', href: urls.overview, type: 'application/json' },
    { name: 'OpenAPI description', href: urls.openapi, type: 'application/json' },
    { name: 'OpenAPI description (REST base)', href: urls.openapiV1, type: 'application/json' },
    { name: 'MCP endpoint', href: urls.mcp, type: 'JSON-RPC 2.0 over streamable HTTP' },
    { name: 'llms.txt', href: urls.llmsTxt, type: 'text/plain' },
    { name: 'llms-full.txt', href: urls.llmsFullTxt, type: 'text/plain' },
    { name: 'auth.md', href: urls.authMd, type: 'text/markdown' },
    { name: 'API catalog', href: urls.apiCatalog, type: 'application/linkset+json' },
    { name: 'AI Catalog', href: urls.aiCatalog, type: 'application/ai-catalog+json' },
    { name: 'Protected resource metadata', href: urls.protectedResource, type: 'application/json' },
    {
      name: 'Protected resource metadata (MCP)',
      href: urls.protectedResourceMcp,
      type: 'application/json',
    },
    {
      name: 'Authorization server metadata',
      href: urls.authorizationServer,
      type: 'application/json',
    },
    { name: 'Anonymous claim metadata', href: urls.oauthClaim, type: 'application/json' },
    { name: 'Token signing keys (JWKS)', href: urls.oauthJwks, type: 'application/json' },
    { name: 'Error catalogue', href: `${urls.origin}/errors`, type: 'text/html' },
  ];
}
