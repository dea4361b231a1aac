import * as z from 'zod/mini';
import { buildPassages, SiteSearchIndex } from '../../documents/site-search.ts';
import { defineTool } from '../tool-definition.ts';

/** BM25-ranked passages of the site copy, each with its section, source and place on the page. */
export const searchSiteCopyTool = defineTool({
  name: 'search_site_copy',
  title: (content) => `Search ${content.company.alternateName}'s site copy`,
  description: (content) =>
    `Searches ${content.company.alternateName}'s public site copy (product description and every section) and returns the best-matching passages, ranked, each with its section, its source Markdown document and its place on the home page. Use it to answer specific questions with a citation.`,
  inputSchema: () =>
    z.strictObject({
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
  outputSchema: () =>
    z.strictObject({
      query: z.string(),
      results: z.array(
        z.strictObject({
          rank: z.int(),
          score: z.number(),
          section: z.string(),
          heading: z.string(),
          text: z.string(),
          source: z.url().check(z.describe('The Markdown document the passage comes from')),
          page: z.url().check(z.describe('The passage on the home page')),
        }),
      ),
    }),
  example: { query: 'product', limit: 3 },
  prepare: ({ content, outlines, urls }) => {
    // Built with the first search, so a cold start that lists tools does not pay for it.
    let searchIndex: SiteSearchIndex | undefined;
    return {
      run: ({ query, limit }) => {
        searchIndex ??= new SiteSearchIndex(buildPassages(content, urls, outlines));
        return { structuredContent: { query, results: searchIndex.search(query, limit) } };
      },
    };
  },
});
