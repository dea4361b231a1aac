import type { ProtectedResourceMetadata } from '../schemas/protected-resource-metadata.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { OAUTH_SCOPES } from '../service/versions.ts';

/**
 * Builds protected-resource metadata for the origin or for the MCP endpoint.
 * @see RFC 9728 §2 (members) and §3.3 (resource must equal the URL the metadata was derived from)
 */
export function buildProtectedResourceMetadata(
  content: SiteContent,
  urls: ServiceUrls,
  resource: 'origin' | 'mcp',
): ProtectedResourceMetadata {
  return {
    resource: resource === 'mcp' ? urls.mcp : urls.origin,
    // docs/spec.md §5.4: the issuer is the origin, string-identical to this value.
    authorization_servers: [urls.origin],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name:
      resource === 'mcp'
        ? `${content.company.alternateName} MCP endpoint`
        : `${content.company.alternateName} public marketing facts`,
    resource_documentation: urls.developers,
  };
}
