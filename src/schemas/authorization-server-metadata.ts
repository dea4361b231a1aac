import * as z from 'zod';

/** One entry of agent_auth.registration_methods (docs/spec.md §5.6). */
export const AgentAuthRegistrationMethodSchema = z
  .strictObject({
    type: z.literal('anonymous'),
    method: z.literal('POST'),
    endpoint: z.url(),
    grant_type: z.literal('client_credentials'),
    token_endpoint_auth_method: z.literal('none'),
    description: z.string(),
  })
  .meta({ id: 'AgentAuthRegistrationMethod', title: 'AgentAuthRegistrationMethod' });

/** The agent_auth block of authorization-server metadata and auth.md (docs/spec.md §5.6). */
export const AgentAuthSchema = z
  .strictObject({
    skill: z.url(),
    register_uri: z.url(),
    claim_uri: z.url(),
    identity_types_supported: z.tuple([z.literal('anonymous')]),
    credential_types_supported: z.tuple([z.literal('bearer')]),
    anonymous: z.strictObject({
      credential_types_supported: z.tuple([z.literal('bearer')]),
      claim_uri: z.url(),
    }),
    registration_methods: z.tuple([AgentAuthRegistrationMethodSchema]),
  })
  .meta({ id: 'AgentAuth', title: 'AgentAuth' });
export type AgentAuth = z.infer<typeof AgentAuthSchema>;

/** OAuth 2.0 authorization server metadata (RFC 8414 §2; docs/spec.md §2, §5). */
export const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.url(),
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
    jwks_uri: z.url(),
    registration_endpoint: z.url(),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    service_documentation: z.url(),
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean().meta({
      description:
        'An https URL may be used as client_id, naming a client ID metadata document (draft-ietf-oauth-client-id-metadata-document)',
    }),
    agent_auth: AgentAuthSchema,
  })
  .partial()
  .meta({ id: 'OAuthAuthorizationServerMetadata', title: 'OAuthAuthorizationServerMetadata' });
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;
