import * as z from 'zod';

/** OAuth 2.0 protected resource metadata (RFC 9728 §2; docs/spec.md §2, §5.3). */
export const ProtectedResourceMetadataSchema = z
  .object({
    resource: z.url(),
    authorization_servers: z.array(z.url()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.enum(['header', 'body', 'query'])),
    resource_name: z.string().optional(),
    resource_documentation: z.url().optional(),
  })
  .partial()
  .meta({ id: 'OAuthProtectedResourceMetadata', title: 'OAuthProtectedResourceMetadata' });
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;
