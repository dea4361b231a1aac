import type { SiteContent } from '../../schemas/site-content.ts';
import { SERVICE_PATHS, type ServiceUrls } from '../../service/urls.ts';
import { buildApiCatalog } from '../api-catalog.ts';
import { buildAuthorizationServerMetadata } from '../authorization-server-metadata.ts';
import { buildProtectedResourceMetadata } from '../protected-resource-metadata.ts';
import type { JsonObject } from './component-schemas.ts';
import {
  buildOperation,
  describeJsonContent,
  listOriginServers,
  readContentKey,
} from './operation.ts';

/**
 * The discovery documents at the origin (docs/spec.md §4): protected-resource metadata (RFC 9728),
 * authorization-server metadata (RFC 8414) and the API catalog (RFC 9727).
 * @see RFC 9727 §2
 */
export function buildDiscoveryPaths(content: SiteContent, urls: ServiceUrls): JsonObject {
  const servers = listOriginServers(urls);
  return {
    [SERVICE_PATHS.protectedResource]: {
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
              readContentKey(SERVICE_PATHS.protectedResource),
            ),
          },
        },
      }),
    },
    [SERVICE_PATHS.protectedResourceMcp]: {
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
              readContentKey(SERVICE_PATHS.protectedResourceMcp),
            ),
          },
        },
      }),
    },
    [SERVICE_PATHS.authorizationServer]: {
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
              readContentKey(SERVICE_PATHS.authorizationServer),
            ),
          },
        },
      }),
    },
    [SERVICE_PATHS.apiCatalog]: {
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
              readContentKey(SERVICE_PATHS.apiCatalog),
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
