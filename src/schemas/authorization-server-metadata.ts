import * as z from 'zod';

/** One entry of agent_auth.registration_methods (docs/spec.md §5.6). */
export const AgentAuthRegistrationMethodSchema = z
  .strictObject({
    type: z
      .literal('anonymous')
      .describe('The registration kind: anonymous (no account, no personal data)'),
    method: z.literal('POST').describe('The HTTP method of the registration request'),
    endpoint: z.url().describe('The URL to send the registration request to'),
    grant_type: z
      .literal('client_credentials')
      .describe('The grant a registered client then uses at the token endpoint'),
    token_endpoint_auth_method: z
      .literal('none')
      .describe('How the client authenticates at the token endpoint: none (a public client)'),
    description: z.string().describe('What this registration method does, in one sentence'),
  })
  .meta({ id: 'AgentAuthRegistrationMethod', title: 'AgentAuthRegistrationMethod' });

/** The agent_auth block of authorization-server metadata and auth.md (docs/spec.md §5.6). */
export const AgentAuthSchema = z
  .strictObject({
    skill: z
      .url()
      .describe('The agent skill (SKILL.md) that walks an agent through getting a token'),
    register_uri: z.url().describe('The dynamic client registration endpoint (RFC 7591)'),
    claim_uri: z.url().describe('The claim metadata document: what an anonymous token stands for'),
    identity_types_supported: z
      .tuple([z.literal('anonymous')])
      .describe('The identities a token may stand for: anonymous only'),
    credential_types_supported: z
      .tuple([z.literal('bearer')])
      .describe('The credentials issued: bearer tokens'),
    anonymous: z
      .strictObject({
        credential_types_supported: z
          .tuple([z.literal('bearer')])
          .describe('The credentials issued: bearer tokens'),
        claim_uri: z
          .url()
          .describe('The claim metadata document: what an anonymous token stands for'),
      })
      .describe('What an anonymous registration gives: its credentials and claim metadata'),
    registration_methods: z
      .tuple([AgentAuthRegistrationMethodSchema])
      .describe('How an agent registers, each method with its endpoint and grant'),
  })
  .meta({
    id: 'AgentAuth',
    title: 'AgentAuth',
    description:
      'How an AI agent gets an optional anonymous token: the skill, the endpoints, the methods.',
  });
export type AgentAuth = z.infer<typeof AgentAuthSchema>;

/** OAuth 2.0 authorization server metadata (RFC 8414 §2; docs/spec.md §2, §5). */
export const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.url().describe("The authorization server's issuer identifier (RFC 8414 \u00a72)"),
    authorization_endpoint: z
      .url()
      .describe('The OAuth authorization endpoint (authorization code flow with PKCE)'),
    token_endpoint: z.url().describe('The OAuth token endpoint'),
    jwks_uri: z.url().describe('The JSON Web Key Set that verifies the tokens this server signs'),
    registration_endpoint: z.url().describe('The dynamic client registration endpoint (RFC 7591)'),
    scopes_supported: z.array(z.string()).describe('Scopes a client may request'),
    response_types_supported: z
      .array(z.string())
      .describe('The response types the authorization endpoint answers: code'),
    response_modes_supported: z
      .array(z.string())
      .describe('How the authorization response is returned to the client'),
    grant_types_supported: z.array(z.string()).describe('The grants the token endpoint accepts'),
    token_endpoint_auth_methods_supported: z
      .array(z.string())
      .describe('How clients may authenticate at the token endpoint'),
    code_challenge_methods_supported: z
      .array(z.string())
      .describe('PKCE code challenge methods (RFC 7636): S256'),
    service_documentation: z.url().describe('A page that documents this server for developers'),
    authorization_response_iss_parameter_supported: z
      .boolean()
      .describe('True: the authorization response carries iss (RFC 9207)'),
    client_id_metadata_document_supported: z.boolean().meta({
      description:
        'An https URL may be used as client_id, naming a client ID metadata document (draft-ietf-oauth-client-id-metadata-document)',
    }),
    agent_auth: AgentAuthSchema,
  })
  .partial()
  .meta({ id: 'OAuthAuthorizationServerMetadata', title: 'OAuthAuthorizationServerMetadata' });
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;
