import { z } from 'zod';

/** Anonymous dynamic client registration request (SPEC §2; RFC 7591 §2). */
export const ClientRegistrationRequestSchema = z
  .object({
    client_name: z.string().min(1).max(200).describe('Free label for the agent'),
    grant_types: z.array(z.string()).default(['client_credentials']),
    token_endpoint_auth_method: z.literal('none').default('none'),
    redirect_uris: z.array(z.url()).optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'ClientRegistrationRequest', title: 'ClientRegistrationRequest' });
export type ClientRegistrationRequest = z.infer<typeof ClientRegistrationRequestSchema>;

/** Anonymous dynamic client registration response (RFC 7591 §3.2.1). */
export const ClientRegistrationResponseSchema = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.int(),
    client_name: z.string(),
    grant_types: z.array(z.string()),
    token_endpoint_auth_method: z.literal('none'),
    redirect_uris: z.array(z.url()).optional(),
    response_types: z.array(z.string()).optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'ClientRegistrationResponse', title: 'ClientRegistrationResponse' });
export type ClientRegistrationResponse = z.infer<typeof ClientRegistrationResponseSchema>;
