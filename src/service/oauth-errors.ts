/**
 * The OAuth error codes this server answers with, with their status and reason phrase.
 * @see RFC 6749 §5.2 and §4.1.2.1, RFC 7591 §3.2.2, RFC 8707 §2, RFC 6750 §3.1
 */
export const OAUTH_ERRORS = {
  invalid_request: {
    status: 400,
    title: 'Bad Request',
    detail: 'The OAuth request is missing a parameter, repeats one, or is not form-encoded.',
    resolution:
      'Send every required parameter once, form-encoded (token) or in the query (authorize); error_description names the problem.',
  },
  invalid_client: {
    status: 401,
    title: 'Unauthorized',
    detail:
      'The client_id was not issued by this server, was altered, or its key was retired; or, for a URL client_id, its client metadata document could not be fetched or was refused; or the token request carried client credentials in an Authorization header, which public clients do not send.',
    resolution:
      'Register again at /oauth/register and use the client_id it returns, unchanged; or fix the client metadata document that error_description names; or send client_id in the form body without an Authorization header.',
  },
  invalid_grant: {
    status: 400,
    title: 'Bad Request',
    detail:
      'The authorization code is invalid, expired, already used, issued to another client or redirect URI, or the PKCE verifier does not match.',
    resolution:
      'Start the authorization again; redeem the new code within a minute, once, with the same redirect_uri and the code_verifier of its code_challenge.',
  },
  unauthorized_client: {
    status: 400,
    title: 'Bad Request',
    detail: 'The client did not register the grant type it uses.',
    resolution: 'Register again with grant_types including the grant you need.',
  },
  unsupported_grant_type: {
    status: 400,
    title: 'Bad Request',
    detail: 'The token endpoint offers client_credentials and authorization_code only.',
    resolution: 'Use grant_type=client_credentials or grant_type=authorization_code.',
  },
  unsupported_response_type: {
    status: 400,
    title: 'Bad Request',
    detail: 'The authorization endpoint offers response_type=code only.',
    resolution: 'Use response_type=code with PKCE (S256).',
  },
  invalid_scope: {
    status: 400,
    title: 'Bad Request',
    detail: 'A requested scope is unknown, or was not registered for this client.',
    resolution: 'Ask for mcp:read and/or mcp:tools, within the scope the client registered.',
  },
  invalid_target: {
    status: 400,
    title: 'Bad Request',
    detail: 'The resource parameter names something this server issues no tokens for.',
    resolution: 'Use the origin or the MCP endpoint as resource (RFC 8707), or leave it out.',
  },
  invalid_client_metadata: {
    status: 400,
    title: 'Bad Request',
    detail: 'A registration member has an invalid value, or the body is not a JSON object.',
    resolution:
      'Send a JSON object with Content-Type: application/json; error_description names the member.',
  },
  invalid_redirect_uri: {
    status: 400,
    title: 'Bad Request',
    detail: 'A redirect URI is not acceptable, or the authorization_code grant has none.',
    resolution:
      'Use https, http on 127.0.0.1, [::1] or localhost, or a private-use scheme such as com.example.app:/callback, without a fragment.',
  },
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;
