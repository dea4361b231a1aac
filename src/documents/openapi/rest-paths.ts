import type { SiteContent } from '../../schemas/site-content.ts';
import type { ServiceUrls } from '../../service/urls.ts';
import { buildOverview } from '../overview.ts';
import type { JsonObject } from './component-schemas.ts';
import { buildOperation, describeJsonContent } from './operation.ts';

/**
 * The REST v1 paths (SPEC §4), relative to the REST base; the OpenAPI document is also served at
 * the origin.
 * @see https://spec.openapis.org/oas/v3.1.1#paths-object
 */
export function buildRestPaths(content: SiteContent, urls: ServiceUrls): JsonObject {
  return {
    '/overview': {
      get: buildOperation({
        operationId: 'getOverview',
        summary: 'Get the company overview',
        description:
          "The company's public overview: name, description, tagline, API version and links.",
        tag: 'REST',
        responses: {
          '200': {
            description: 'The overview.',
            content: describeJsonContent('Overview', buildOverview(content, urls)),
          },
        },
      }),
    },
    '/openapi.json': {
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
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      }),
    },
  };
}
