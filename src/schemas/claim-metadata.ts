import * as z from 'zod';

/** Anonymous claim metadata served at /oauth/claim (docs/spec.md §4, §5.7): nothing personal, nothing to claim. */
export const ClaimMetadataSchema = z
  .strictObject({
    claim_required: z
      .literal(false)
      .describe('False: there is nothing to claim, a token is anonymous'),
    identity_type: z.literal('anonymous').describe('The identity a token stands for: anonymous'),
    personal_data_collected: z
      .literal(false)
      .describe('False: registration collects no personal data'),
    register_uri: z.url().describe('The dynamic client registration endpoint (RFC 7591)'),
    token_endpoint: z.url().describe('The OAuth token endpoint'),
    credential_types_supported: z
      .tuple([z.literal('bearer')])
      .describe('The credentials issued: bearer tokens'),
    description: z.string().describe('What an anonymous token is for, in a sentence'),
  })
  .meta({ id: 'ClaimMetadata', title: 'ClaimMetadata' });
export type ClaimMetadata = z.infer<typeof ClaimMetadataSchema>;
