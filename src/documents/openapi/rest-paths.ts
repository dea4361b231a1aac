import type { SiteContent } from '../../schemas/site-content.ts';
import { SERVICE_PATHS, type ServiceUrls } from '../../service/urls.ts';
import { buildOverview } from '../overview.ts';
import type { JsonObject } from './component-schemas.ts';
import { buildOperation, describeJsonContent, readContentKey } from './operation.ts';

/** A path of the REST API as the document lists it: relative to the first server, the REST base. */
function toRestPath(publicPath: string): string {
  return publicPath.slice(SERVICE_PATHS.restBase.length);
}

/**
 * The REST v1 paths (docs/spec.md §4), relative to the REST base; the OpenAPI document is also served at
 * the origin.
 * @see https://spec.openapis.org/oas/v3.1.1#paths-object
 */
export function buildRestPaths(content: SiteContent, urls: ServiceUrls): JsonObject {
  return {
    [toRestPath(SERVICE_PATHS.overview)]: {
      get: buildOperation({
        operationId: 'getOverview',
        summary: 'Get the company overview',
        description:
          "The company's public overview: name, description, tagline, API version and links.",
        tag: 'REST',
        responses: {
          '200': {
            description: 'The overview.',
            content: describeJsonContent(
              'Overview',
              buildOverview(content, urls),
              readContentKey(SERVICE_PATHS.overview),
            ),
          },
        },
      }),
    },
    [toRestPath(SERVICE_PATHS.openapiV1)]: {
      servers: [
        { url: urls.restBase, description: 'REST API v1' },
        { url: urls.origin, description: 'The origin' },
      ],
      get: buildOperation({
        operationId: 'getOpenApiDocument',
        summary: 'Get this OpenAPI description',
        description:
          'This OpenAPI 3.1 document; the same document is served under the REST base and at the origin.',
        tag: 'REST',
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            content: { [readContentKey(SERVICE_PATHS.openapiV1)]: { schema: { type: 'object' } } },
          },
        },
      }),
    },
  };
}
