import { z } from 'zod';
import { CallToActionSchema, ProductFeatureSchema } from './site-content.ts';

/** Arguments of a tool that takes none. */
export const NoArgumentsSchema = z.strictObject({});

export const ProductToolOutputSchema = z.strictObject({
  name: z.string(),
  summary: z.string(),
  category: z.string().optional(),
  features: z.array(ProductFeatureSchema),
  description: z.string().describe('The product description, in Markdown'),
  url: z.url().describe('The description as a Markdown document'),
});

export const CallsToActionInputSchema = z.strictObject({
  priority: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .describe('1 for primary calls to action only, 2 for secondary only; omit for all'),
});

export const CallsToActionOutputSchema = z.strictObject({
  callsToAction: z.array(CallToActionSchema),
});

export const AGENT_DOCUMENT_NAMES = ['llms.txt', 'llms-full.txt', 'auth.md'] as const;

export const AgentDocumentInputSchema = z.strictObject({
  document: z
    .enum(AGENT_DOCUMENT_NAMES)
    .describe(
      'llms.txt (concise index), llms-full.txt (all site copy) or auth.md (anonymous OAuth flow)',
    ),
});

export const TextDocumentOutputSchema = z.strictObject({
  name: z.string(),
  uri: z.url(),
  mimeType: z.string(),
  text: z.string(),
});

export const SearchInputSchema = z.strictObject({
  query: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  limit: z
    .int()
    .min(1)
    .max(20)
    .default(5)
    .describe('How many passages to return (1-20, default 5)'),
});

export const SearchOutputSchema = z.strictObject({
  query: z.string(),
  results: z.array(
    z.strictObject({
      rank: z.int(),
      score: z.number(),
      section: z.string(),
      heading: z.string(),
      text: z.string(),
      source: z.url().describe('The Markdown document the passage comes from'),
      page: z.url().describe('The passage on the home page'),
    }),
  ),
});

export const CopySectionOutputSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  uri: z.url(),
  markdown: z.string(),
});
