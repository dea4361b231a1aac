/** The OAuth endpoints, one module each; the `api/oauth-*.ts` functions serve them. */
export { createAuthorizeHandler } from './authorize-endpoint.ts';
export { MAX_OAUTH_BODY_BYTES, type OAuthEndpointOptions } from './endpoint-support.ts';
export { createJwksHandler } from './jwks-endpoint.ts';
export { createRegisterHandler } from './register-endpoint.ts';
export { createTokenHandler } from './token-endpoint.ts';
