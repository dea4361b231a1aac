import type {
  AgentAuth,
  AuthorizationServerMetadata,
} from '../schemas/authorization-server-metadata.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { OAUTH_SCOPES } from '../service/versions.ts';

/** Builds the agent_auth block shared by authorization-server metadata and auth.md (docs/spec.md §5.6). */
export function buildAgentAuth(urls: ServiceUrls): AgentAuth {
  return {
    skill: urls.authMd,
    register_uri: urls.oauthRegister,
    claim_uri: urls.oauthClaim,
    identity_types_supported: ['anonymous'],
    credential_types_supported: ['bearer'],
    anonymous: { credential_types_supported: ['bearer'], claim_uri: urls.oauthClaim },
    registration_methods: [
      {
        type: 'anonymous',
        method: 'POST',
        endpoint: urls.oauthRegister,
        grant_type: 'client_credentials',
        token_endpoint_auth_method: 'none',
        description:
          'Register with a free label (client_name), then request a client_credentials token with the returned client_id. The token only labels anonymous access; no call requires it.',
      },
    ],
  };
}

/**
 * Builds authorization-server metadata.
 * @see RFC 8414 §2 (issuer, response_types_supported are REQUIRED; the endpoints are REQUIRED
 *   where the grants they serve are supported) and §3.3 (issuer equals the identifier used to
 *   derive the metadata URL); client_id_metadata_document_supported:
 *   draft-ietf-oauth-client-id-metadata-document-03 §6
 */
export function buildAuthorizationServerMetadata(urls: ServiceUrls): AuthorizationServerMetadata {
  return {
    issuer: urls.origin,
    authorization_endpoint: urls.oauthAuthorize,
    token_endpoint: urls.oauthToken,
    jwks_uri: urls.oauthJwks,
    registration_endpoint: urls.oauthRegister,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['client_credentials', 'authorization_code'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: urls.developers,
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    agent_auth: buildAgentAuth(urls),
  };
}
