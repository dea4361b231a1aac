import { z } from 'zod';

/** The `specVersion` this site publishes (the only one the ARD schema accepts). */
export const AI_CATALOG_SPEC_VERSION = '1.0';

/**
 * One entry of an AI Catalog: a domain-anchored `urn:air:` identifier, a display name, the
 * artifact's media type and its URL (this site never inlines an artifact).
 * @see ARD v0.9 §4.2 (Catalog Entry Object), §4.2.1 (identifier format)
 */
export const AiCatalogEntrySchema = z.strictObject({
  identifier: z.string().regex(/^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/),
  displayName: z.string().min(1),
  type: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/),
  url: z.url(),
  description: z.string().min(1).optional(),
  version: z.string().min(1).optional(),
  /** Questions a person or agent might search with, for the registry's index (2 to 5). */
  representativeQueries: z.array(z.string().min(1)).min(2).max(5).optional(),
});
export type AiCatalogEntry = z.infer<typeof AiCatalogEntrySchema>;

/**
 * An AI Catalog (`/.well-known/ai-catalog.json`): the host and the agentic resources it offers.
 * @see https://github.com/ards-project/ard-spec (spec/ard.md §4, schemas/ai-catalog.schema.json)
 */
export const AiCatalogSchema = z.strictObject({
  specVersion: z.literal(AI_CATALOG_SPEC_VERSION),
  host: z.strictObject({
    displayName: z.string().min(1),
    identifier: z.string().min(1).optional(),
    documentationUrl: z.url().optional(),
  }),
  entries: z.array(AiCatalogEntrySchema).min(1),
});
export type AiCatalog = z.infer<typeof AiCatalogSchema>;
