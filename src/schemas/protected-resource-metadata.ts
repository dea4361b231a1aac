import * as z from 'zod';

/** OAuth 2.0 protected resource metadata (RFC 9728 §2; docs/spec.md §2, §5.3). */
export const ProtectedResourceMetadataSchema = z
  .object({
    resource: z
      .url()
      .describe('The protected resource identifier: the URL tokens are meant for (RFC 9728 §2)'),
    authorization_servers: z
      .array(z.url())
      .describe('Issuer URLs of the authorization servers that issue tokens for this resource'),
    scopes_supported: z.array(z.string()).describe('Scopes a token for this resource may carry'),
    bearer_methods_supported: z
      .array(z.enum(['header', 'body', 'query']))
      .describe('How a bearer token may be sent (RFC 6750): here in the Authorization header only'),
    resource_name: z.string().optional().describe('A human-readable name of the resource'),
    resource_documentation: z
      .url()
      .optional()
      .describe('A page that documents the resource for developers'),
  })
  .partial()
  .meta({ id: 'OAuthProtectedResourceMetadata', title: 'OAuthProtectedResourceMetadata' });
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;
