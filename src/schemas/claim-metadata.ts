import * as z from 'zod';

/** Anonymous claim metadata served at /oauth/claim (docs/spec.md §4, §5.7): nothing personal, nothing to claim. */
export const ClaimMetadataSchema = z
  .strictObject({
    claim_required: z.literal(false),
    identity_type: z.literal('anonymous'),
    personal_data_collected: z.literal(false),
    register_uri: z.url(),
    token_endpoint: z.url(),
    credential_types_supported: z.tuple([z.literal('bearer')]),
    description: z.string(),
  })
  .meta({ id: 'ClaimMetadata', title: 'ClaimMetadata' });
export type ClaimMetadata = z.infer<typeof ClaimMetadataSchema>;
