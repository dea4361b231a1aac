import * as z from 'zod';

/** A link target object in a linkset (RFC 9264 §4.2.3). */
export const LinkTargetSchema = z
  .object({
    href: z.url().describe('The target URL'),
    rel: z.string().optional().describe('The link relation of the target (RFC 8288)'),
    type: z.string().describe('The media type of the target'),
    title: z.string().optional().describe('A human-readable title of the target'),
  })
  .meta({ id: 'LinkTarget', title: 'LinkTarget' });

/** The API catalog (RFC 9727 §4) as an RFC 9264 linkset, media type application/linkset+json. */
export const ApiCatalogLinksetSchema = z
  .object({
    linkset: z
      .array(
        z.object({
          anchor: z.url().describe('The API this entry describes: its base URL'),
          'service-desc': z
            .array(LinkTargetSchema)
            .optional()
            .describe('Machine-readable descriptions of the API (the OpenAPI description)'),
          'service-doc': z
            .array(LinkTargetSchema)
            .optional()
            .describe('Documentation of the API for people'),
          'service-meta': z
            .array(LinkTargetSchema)
            .optional()
            .describe('Metadata about the API (discovery documents)'),
          service: z
            .array(LinkTargetSchema.required({ rel: true }))
            .optional()
            .describe('Every target above again, each carrying its rel'),
        }),
      )
      .describe('One entry per API this origin offers'),
  })
  .meta({ id: 'ApiCatalogLinkset', title: 'ApiCatalogLinkset' });
export type ApiCatalogLinkset = z.infer<typeof ApiCatalogLinksetSchema>;
