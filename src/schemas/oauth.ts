import * as z from 'zod/mini';

// Each schema is marked pure so that a function bundle keeps only the schemas it uses: the
// registration in the global registry (for the OpenAPI document) is otherwise a side effect.

/** The grant types the token endpoint offers. */
export const TOKEN_GRANT_TYPES = ['client_credentials', 'authorization_code'] as const;

/** PKCE code verifier syntax: 43 to 128 unreserved characters. @see RFC 7636 §4.1 */
const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * Token request, form-encoded: the token endpoint validates the parameters with this schema
 * (zod/mini) and the OpenAPI document publishes it. `resource` may repeat, so it is an array
 * (form style, exploded). Parameters the chosen grant needs (code, code_verifier) are checked
 * by the endpoint. @see RFC 6749 §4.4.2 and §4.1.3, RFC 7636 §4.5, RFC 8707 §2
 */
export const TokenRequestSchema = /* @__PURE__ */ z
  .object({
    grant_type: z
      .enum(TOKEN_GRANT_TYPES)
      .check(
        z.describe(
          'client_credentials for an anonymous token, or authorization_code after the consent page',
        ),
      ),
    client_id: z
      .string()
      .check(
        z.describe(
          'The client_id returned by registration, or an https URL naming a client ID metadata document',
        ),
      ),
    scope: z.optional(z.string()).check(z.describe('Space-separated: mcp:read, mcp:tools')),
    resource: z
      .optional(z.array(z.url()))
      .check(
        z.describe(
          'RFC 8707 resource indicators (the parameter may repeat): the token audience, the origin or the MCP endpoint',
        ),
      ),
    code: z.optional(z.string()).check(z.describe('authorization_code grant only')),
    redirect_uri: z
      .optional(z.url())
      .check(
        z.describe(
          'authorization_code grant only; required, and identical, when the authorization request carried it (RFC 6749 §4.1.3)',
        ),
      ),
    code_verifier: z
      .optional(z.string().check(z.regex(CODE_VERIFIER_PATTERN)))
      .check(z.describe('authorization_code grant only (PKCE)')),
  })
  .register(z.globalRegistry, { id: 'TokenRequest', title: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** Successful token response. @see RFC 6749 §5.1 */
export const TokenResponseSchema = /* @__PURE__ */ z
  .object({
    access_token: z.string().check(z.describe('A JWT access token (RFC 9068)')),
    token_type: z
      .literal('Bearer')
      .check(z.describe('Always Bearer: send it as Authorization: Bearer <token>')),
    expires_in: z.int().check(z.positive()).check(z.describe('Seconds until the token expires')),
    scope: z.string().check(z.describe('The scopes the token carries, space-separated')),
  })
  .register(z.globalRegistry, { id: 'TokenResponse', title: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** OAuth error response, optionally with Problem members. @see RFC 6749 §5.2, RFC 7591 §3.2.2 */
export const OAuthErrorSchema = /* @__PURE__ */ z
  .object({
    error: z
      .string()
      .check(z.describe('The OAuth error code (RFC 6749 §5.2), such as invalid_request')),
    error_description: z
      .optional(z.string())
      .check(z.describe('What went wrong, for the developer')),
    error_uri: z.optional(z.url()).check(z.describe('The page that explains this error')),
  })
  .register(z.globalRegistry, { id: 'OAuthError', title: 'OAuthError' });
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** A JSON Web Key Set with public members only. @see RFC 7517 §5 */
export const JsonWebKeySetSchema = /* @__PURE__ */ z
  .object({
    keys: z
      .array(
        z.looseObject({
          kty: z.string().check(z.describe('The key type (RFC 7517 §4.1), such as OKP or EC')),
          kid: z.string().check(z.describe('The key id a token header names to pick this key')),
          use: z.optional(z.string()).check(z.describe('What the key is for: sig (signatures)')),
          alg: z
            .optional(z.string())
            .check(z.describe('The signature algorithm used with this key')),
        }),
      )
      .check(z.describe('The public keys that verify the access tokens this server signs')),
  })
  .register(z.globalRegistry, { id: 'JsonWebKeySet', title: 'JsonWebKeySet' });
