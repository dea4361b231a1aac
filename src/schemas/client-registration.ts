import { z } from 'zod';

/** Anonymous dynamic client registration request (SPEC §2; RFC 7591 §2). */
export const ClientRegistrationRequestSchema = z
  .object({
    client_name: z
      .string()
      .max(200)
      .optional()
      .describe('Free label for the agent; "Anonymous agent" when omitted'),
    grant_types: z
      .array(z.string())
      .max(10)
      .optional()
      .describe(
        'client_credentials and/or authorization_code; others (such as refresh_token) are dropped. Default: authorization_code with redirect_uris, else client_credentials',
      ),
    token_endpoint_auth_method: z
      .string()
      .optional()
      .describe('Always registered as none (public clients)'),
    redirect_uris: z
      .array(z.string())
      .max(10)
      .optional()
      .describe(
        'Required for authorization_code: https, http on 127.0.0.1, [::1] or localhost (any port), or a private-use scheme such as com.example.app:/callback; no fragments',
      ),
    response_types: z.array(z.literal('code')).optional(),
    scope: z.string().optional().describe('Space-separated: mcp:read, mcp:tools (default: both)'),
  })
  .meta({ id: 'ClientRegistrationRequest', title: 'ClientRegistrationRequest' });
export type ClientRegistrationRequest = z.infer<typeof ClientRegistrationRequestSchema>;

/** Anonymous dynamic client registration response (RFC 7591 §3.2.1). */
export const ClientRegistrationResponseSchema = z
  .object({
    client_id: z
      .string()
      .describe('Self-contained and signed: it carries the registration, so no server stores it'),
    client_id_issued_at: z.int(),
    client_name: z.string(),
    grant_types: z.array(z.enum(['client_credentials', 'authorization_code'])),
    token_endpoint_auth_method: z.literal('none'),
    redirect_uris: z.array(z.string()).optional(),
    response_types: z.array(z.literal('code')).optional(),
    scope: z.string(),
  })
  .meta({ id: 'ClientRegistrationResponse', title: 'ClientRegistrationResponse' });
export type ClientRegistrationResponse = z.infer<typeof ClientRegistrationResponseSchema>;
