import * as z from 'zod/mini';

// Each schema is marked pure so that a function bundle keeps only the schemas it uses (see
// oauth.ts).

/**
 * Bounds that keep a self-contained client_id short. `clientIdLength` bounds the whole id: it
 * travels in the query of /oauth/authorize (8,192 characters at most, with the redirect URI
 * and PKCE values) and twice in every access token (`sub` and `client_id`, base64url-encoded,
 * within the 16 KiB request head), so a longer registration could never be used.
 */
export const REGISTRATION_LIMITS = {
  redirectUris: 10,
  redirectUriLength: 2000,
  clientNameLength: 200,
  clientIdLength: 2500,
  /** The most grant or response types a registration may list. */
  types: 10,
  scopeLength: 200,
} as const;

/**
 * Anonymous dynamic client registration request (docs/spec.md §2): every member optional, unknown members
 * ignored. The register endpoint validates with this schema (zod/mini, so the function stays
 * small) and the OpenAPI document publishes it. @see RFC 7591 §2
 */
export const ClientRegistrationRequestSchema = /* @__PURE__ */ z
  .object({
    client_name: z
      .optional(z.string().check(z.maxLength(REGISTRATION_LIMITS.clientNameLength)))
      .check(z.describe('Free label for the agent; "Anonymous agent" when omitted or blank')),
    grant_types: z
      .optional(z.array(z.string()).check(z.maxLength(REGISTRATION_LIMITS.types)))
      .check(
        z.describe(
          'client_credentials and/or authorization_code; others (such as refresh_token) are dropped. Default: authorization_code with redirect_uris, else client_credentials',
        ),
      ),
    token_endpoint_auth_method: z
      .optional(z.string())
      .check(z.describe('Always registered as none (public clients)')),
    redirect_uris: z
      .optional(
        z
          .array(
            z
              .string()
              .check(
                z.maxLength(
                  REGISTRATION_LIMITS.redirectUriLength,
                  `is longer than ${REGISTRATION_LIMITS.redirectUriLength} characters`,
                ),
              ),
          )
          .check(z.maxLength(REGISTRATION_LIMITS.redirectUris)),
      )
      .check(
        z.describe(
          'Required for authorization_code: https, http on 127.0.0.1, [::1] or localhost (any port), or a private-use scheme such as com.example.app:/callback; no fragments',
        ),
      ),
    response_types: z
      .optional(
        z
          .array(z.literal('code', 'may only contain code'))
          .check(z.maxLength(REGISTRATION_LIMITS.types)),
      )
      .check(z.describe('code, for the authorization code flow; nothing else is accepted')),
    scope: z
      .optional(z.string().check(z.maxLength(REGISTRATION_LIMITS.scopeLength)))
      .check(z.describe('Space-separated: mcp:read, mcp:tools (default: both)')),
  })
  .register(z.globalRegistry, {
    id: 'ClientRegistrationRequest',
    title: 'ClientRegistrationRequest',
  });
export type ClientRegistrationRequest = z.infer<typeof ClientRegistrationRequestSchema>;

/** Anonymous dynamic client registration response. @see RFC 7591 §3.2.1 */
export const ClientRegistrationResponseSchema = /* @__PURE__ */ z
  .object({
    client_id: z
      .string()
      .check(
        z.describe(
          'Self-contained and signed: it carries the registration, so no server stores it',
        ),
      ),
    client_id_issued_at: z
      .int()
      .check(z.describe('When the client_id was issued, in seconds since the epoch')),
    client_name: z.string().check(z.describe('The label the agent registered with')),
    grant_types: z
      .array(z.enum(['client_credentials', 'authorization_code']))
      .check(z.describe('The grants this client may use at the token endpoint')),
    token_endpoint_auth_method: z
      .literal('none')
      .check(z.describe('Always none: a public client, no secret')),
    redirect_uris: z
      .array(z.string())
      .check(z.describe('The redirect URIs registered for the authorization code flow')),
    response_types: z
      .optional(z.array(z.literal('code')))
      .check(z.describe('code when the client uses the authorization code flow')),
    scope: z.string().check(z.describe('The scopes this client may request, space-separated')),
  })
  .register(z.globalRegistry, {
    id: 'ClientRegistrationResponse',
    title: 'ClientRegistrationResponse',
  });
export type ClientRegistrationResponse = z.infer<typeof ClientRegistrationResponseSchema>;
