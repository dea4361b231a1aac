import * as z from 'zod/mini';
import type { SiteContent } from '../schemas/site-content.ts';

/** The documents get_agent_document serves. */
export const AGENT_DOCUMENT_NAMES = ['llms.txt', 'llms-full.txt', 'auth.md'] as const;

/** The copy sections tools can name: the product description first, then each section. */
export function listSectionSlugs(content: SiteContent): [string, ...string[]] {
  return ['product', ...content.copy.map((section) => section.slug)];
}

/**
 * The argument schemas of every tool, in zod/mini: the same schemas validate calls at run time
 * (a few KB in the function bundle) and give the tools' published JSON Schemas at build time.
 */
export function buildToolInputSchemas(sectionSlugs: readonly [string, ...string[]]) {
  return {
    get_company_overview: z.strictObject({}),
    get_product: z.strictObject({}),
    list_calls_to_action: z.strictObject({
      priority: z
        .optional(z.union([z.literal(1), z.literal(2)]))
        .check(
          z.describe('1 for primary calls to action only, 2 for secondary only; omit for all'),
        ),
    }),
    get_agent_document: z.strictObject({
      document: z
        .enum(AGENT_DOCUMENT_NAMES)
        .check(
          z.describe(
            'llms.txt (concise index), llms-full.txt (all site copy) or auth.md (anonymous OAuth flow)',
          ),
        ),
    }),
    get_site_copy_section: z.strictObject({
      section: z.enum(sectionSlugs).check(z.describe('The section slug')),
    }),
    search_site_copy: z.strictObject({
      query: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'must not be empty'),
          z.maxLength(200, 'must be at most 200 characters'),
          z.describe('Words to look for in the site copy'),
        ),
      limit: z
        ._default(z.int().check(z.minimum(1), z.maximum(20)), 5)
        .check(z.describe('How many passages to return (1-20, default 5)')),
    }),
  };
}

export type ToolInputSchemas = ReturnType<typeof buildToolInputSchemas>;
export type ToolName = keyof ToolInputSchemas;
export type ToolArguments<Name extends ToolName> = z.output<ToolInputSchemas[Name]>;
