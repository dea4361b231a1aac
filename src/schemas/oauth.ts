import { z } from 'zod';

/** Token request, form-encoded (RFC 6749 §4.4.2 and §4.1.3, RFC 7636 §4.5, RFC 8707 §2). */
export const TokenRequestSchema = z
  .object({
    grant_type: z.enum(['client_credentials', 'authorization_code']),
    client_id: z.string(),
    scope: z.string().optional().describe('Space-separated: mcp:read, mcp:tools'),
    resource: z.url().optional().describe('RFC 8707 resource indicator: the token audience'),
    code: z.string().optional().describe('authorization_code grant only'),
    redirect_uri: z
      .url()
      .optional()
      .describe(
        'authorization_code grant only; required, and identical, when the authorization request carried it (RFC 6749 §4.1.3)',
      ),
    code_verifier: z.string().optional().describe('authorization_code grant only (PKCE)'),
  })
  .meta({ id: 'TokenRequest', title: 'TokenRequest' });

/** Successful token response (RFC 6749 §5.1). */
export const TokenResponseSchema = z
  .object({
    access_token: z.string().describe('A JWT access token (RFC 9068)'),
    token_type: z.literal('Bearer'),
    expires_in: z.int().positive(),
    scope: z.string(),
  })
  .meta({ id: 'TokenResponse', title: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** OAuth error response (RFC 6749 §5.2, RFC 7591 §3.2.2), optionally with Problem members. */
export const OAuthErrorSchema = z
  .object({
    error: z.string(),
    error_description: z.string().optional(),
    error_uri: z.url().optional(),
  })
  .meta({ id: 'OAuthError', title: 'OAuthError' });
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** A JSON Web Key Set with public members only (RFC 7517 §5). */
export const JsonWebKeySetSchema = z
  .object({
    keys: z.array(
      z.looseObject({
        kty: z.string(),
        kid: z.string(),
        use: z.string().optional(),
        alg: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'JsonWebKeySet', title: 'JsonWebKeySet' });
