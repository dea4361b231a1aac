import type { SiteContent } from '../../schemas/site-content.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import type { ServiceUrls } from '../../service/urls.ts';
import { buildApiCatalog } from '../api-catalog.ts';
import { buildAuthorizationServerMetadata } from '../authorization-server-metadata.ts';
import { buildProtectedResourceMetadata } from '../protected-resource-metadata.ts';
import type { JsonObject } from './component-schemas.ts';
import { buildOperation, describeJsonContent, listOriginServers } from './operation.ts';

/**
 * The discovery documents at the origin (SPEC §4): protected-resource metadata (RFC 9728),
 * authorization-server metadata (RFC 8414) and the API catalog (RFC 9727).
 * @see RFC 9727 §2
 */
export function buildDiscoveryPaths(content: SiteContent, urls: ServiceUrls): JsonObject {
  const servers = listOriginServers(urls);
  return {
    '/.well-known/oauth-protected-resource': {
      servers,
      get: buildOperation({
        operationId: 'getProtectedResourceMetadata',
        summary: 'Get protected resource metadata for the origin',
        description: 'RFC 9728 metadata for the origin.',
        tag: 'Discovery',
        responses: {
          '200': {
            description: 'The metadata.',
            content: describeJsonContent(
              'OAuthProtectedResourceMetadata',
              buildProtectedResourceMetadata(content, urls, 'origin'),
            ),
          },
        },
      }),
    },
    '/.well-known/oauth-protected-resource/mcp': {
      servers,
      get: buildOperation({
        operationId: 'getMcpProtectedResourceMetadata',
        summary: 'Get protected resource metadata for the MCP endpoint',
        description: 'RFC 9728 metadata for the MCP endpoint.',
        tag: 'Discovery',
        responses: {
          '200': {
            description: 'The metadata.',
            content: describeJsonContent(
              'OAuthProtectedResourceMetadata',
              buildProtectedResourceMetadata(content, urls, 'mcp'),
            ),
          },
        },
      }),
    },
    '/.well-known/oauth-authorization-server': {
      servers,
      get: buildOperation({
        operationId: 'getAuthorizationServerMetadata',
        summary: 'Get authorization server metadata',
        description: 'RFC 8414 metadata, with the agent_auth block for anonymous registration.',
        tag: 'Discovery',
        responses: {
          '200': {
            description: 'The metadata.',
            content: describeJsonContent(
              'OAuthAuthorizationServerMetadata',
              buildAuthorizationServerMetadata(urls),
            ),
          },
        },
      }),
    },
    '/.well-known/api-catalog': {
      servers,
      get: buildOperation({
        operationId: 'getApiCatalog',
        summary: 'Get the API catalog',
        description: 'RFC 9727 API catalog as an RFC 9264 linkset.',
        tag: 'Discovery',
        responses: {
          '200': {
            description: 'The catalog.',
            headers: { Link: { $ref: '#/components/headers/ApiCatalogLink' } },
            content: describeJsonContent(
              'ApiCatalogLinkset',
              buildApiCatalog(urls),
              MEDIA_TYPES.linksetDocument,
            ),
          },
        },
      }),
      head: buildOperation({
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
  };
}
