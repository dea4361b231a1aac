import * as z from 'zod';

/** A link target object in a linkset (RFC 9264 §4.2.3). */
export const LinkTargetSchema = z
  .object({
    href: z.url(),
    rel: z.string().optional(),
    type: z.string(),
    title: z.string().optional(),
  })
  .meta({ id: 'LinkTarget', title: 'LinkTarget' });

/** The API catalog (RFC 9727 §4) as an RFC 9264 linkset, media type application/linkset+json. */
export const ApiCatalogLinksetSchema = z
  .object({
    linkset: z.array(
      z.object({
        anchor: z.url(),
        'service-desc': z.array(LinkTargetSchema).optional(),
        'service-doc': z.array(LinkTargetSchema).optional(),
        'service-meta': z.array(LinkTargetSchema).optional(),
        service: z.array(LinkTargetSchema.required({ rel: true })).optional(),
      }),
    ),
  })
  .meta({ id: 'ApiCatalogLinkset', title: 'ApiCatalogLinkset' });
export type ApiCatalogLinkset = z.infer<typeof ApiCatalogLinksetSchema>;
