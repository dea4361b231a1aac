import { MEDIA_TYPES } from '../../service/media-types.ts';
import { BUILT_IN_ROUTES } from '../../service/routes.ts';
import type { ServiceUrls } from '../../service/urls.ts';
import { referSchema, type JsonObject } from './component-schemas.ts';
import {
  SIGNING_ERROR_RESPONSES,
  STANDARD_ERROR_RESPONSES,
  TRANSPORT_ERROR_RESPONSES,
} from './error-responses.ts';

/**
 * The media type a public path answers with, as the route table declares it for the surface that
 * holds the path, without parameters (an OpenAPI content key).
 * @see https://spec.openapis.org/oas/v3.1.1#media-types
 */
export function readContentKey(publicPath: string): string {
  // The documented paths are the service's own, which content pages cannot take.
  const { id, mediaType } = BUILT_IN_ROUTES.findSurface(publicPath);
  if (!mediaType) throw new Error(`the route table gives ${publicPath} (${id}) no media type`);
  return MEDIA_TYPES[mediaType].split(';')[0] ?? MEDIA_TYPES[mediaType];
}

/** A JSON body of a component schema, with an example when one is given. */
export function describeJsonContent(
  schemaId: string,
  example?: unknown,
  mediaType: string = MEDIA_TYPES.json,
): JsonObject {
  return {
    [mediaType]: { schema: referSchema(schemaId), ...(example === undefined ? {} : { example }) },
  };
}

/** A text body of a media type, with an example. */
export function describeTextContent(mediaType: string, example: string): JsonObject {
  return { [mediaType]: { schema: { type: 'string' }, example } };
}

/** The path-level servers of every resource served at the origin rather than the REST base. */
export function listOriginServers(urls: ServiceUrls): JsonObject[] {
  return [{ url: urls.origin, description: 'The origin' }];
}

interface OperationInput {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  readonly responses: JsonObject;
  /** Error responses that replace the standard Problem ones (OAuth bodies, RFC 6749 §5.2). */
  readonly errorResponses?: JsonObject;
  /** True for an operation that signs or verifies with the OAuth keys (its 503 says so). */
  readonly usesSigningKeys?: boolean;
  readonly requestBody?: JsonObject;
  readonly parameters?: readonly JsonObject[];
}

/**
 * An Operation Object with the standard and transport error responses every operation declares.
 * @see https://spec.openapis.org/oas/v3.1.1#operation-object
 */
export function buildOperation(input: OperationInput): JsonObject {
  return {
    operationId: input.operationId,
    summary: input.summary,
    description: input.description,
    tags: [input.tag],
    ...(input.parameters ? { parameters: input.parameters } : {}),
    ...(input.requestBody ? { requestBody: input.requestBody } : {}),
    responses: {
      ...input.responses,
      ...STANDARD_ERROR_RESPONSES,
      ...TRANSPORT_ERROR_RESPONSES,
      ...(input.usesSigningKeys ? SIGNING_ERROR_RESPONSES : {}),
      ...input.errorResponses,
    },
  };
}
