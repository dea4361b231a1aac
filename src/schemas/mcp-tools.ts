import { z } from 'zod';
import { CallToActionSchema, ProductFeatureSchema } from './site-content.ts';

/** Output schemas of the MCP tools; build time only (they become the tools' outputSchema). */
export const ProductToolOutputSchema = z.strictObject({
  name: z.string(),
  summary: z.string(),
  category: z.string().optional(),
  features: z.array(ProductFeatureSchema),
  description: z.string().describe('The product description, in Markdown'),
  url: z.url().describe('The description as a Markdown document'),
});
export const CallsToActionOutputSchema = z.strictObject({
  callsToAction: z.array(CallToActionSchema),
});

export const TextDocumentOutputSchema = z.strictObject({
  name: z.string(),
  uri: z.url(),
  mimeType: z.string(),
  text: z.string(),
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

/** A tool as tools/list publishes it (before shaping for a protocol version). */
export interface PublishedToolDescriptor<Name extends string = string> {
  readonly name: Name;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema: Record<string, unknown>;
}
