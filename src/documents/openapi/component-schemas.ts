import * as z from 'zod';
import { ApiCatalogLinksetSchema, LinkTargetSchema } from '../../schemas/api-catalog.ts';
import {
  AgentAuthRegistrationMethodSchema,
  AgentAuthSchema,
  AuthorizationServerMetadataSchema,
} from '../../schemas/authorization-server-metadata.ts';
import { ClaimMetadataSchema } from '../../schemas/claim-metadata.ts';
import {
  ClientRegistrationRequestSchema,
  ClientRegistrationResponseSchema,
} from '../../schemas/client-registration.ts';
import { JsonRpcRequestSchema, JsonRpcResponseSchema } from '../../schemas/json-rpc.ts';
import { McpEndpointMetadataSchema } from '../../schemas/mcp-endpoint-metadata.ts';
import {
  JsonWebKeySetSchema,
  OAuthErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '../../schemas/oauth.ts';
import { OverviewLinksSchema, OverviewSchema } from '../../schemas/overview.ts';
import { ProblemSchema } from '../../schemas/problem.ts';
import { ProtectedResourceMetadataSchema } from '../../schemas/protected-resource-metadata.ts';

/** A JSON object of the OpenAPI document. */
export type JsonObject = Record<string, unknown>;

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
 * @see https://spec.openapis.org/oas/v3.1.1#components-object
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

/** A reference to a component schema. */
export function referSchema(id: string): { $ref: string } {
  return { $ref: `#/components/schemas/${id}` };
}
