import * as z from 'zod/mini';
import { buildPassages, SiteSearchIndex } from '../../documents/site-search.ts';
import { searchInputSchema } from '../search-input.ts';
import { defineTool } from '../tool-definition.ts';

/** BM25-ranked passages of the site copy, each with its section, source and place on the page. */
export const searchSiteCopyTool = defineTool({
  name: 'search_site_copy',
  title: (content) => `Search ${content.company.alternateName}'s site copy`,
  description: (content) =>
    `Searches ${content.company.alternateName}'s public site copy (product description and every section) and returns the best-matching passages, ranked, each with its section, its source Markdown document and its place on the home page. Use it to answer specific questions with a citation.`,
  inputSchema: () =>
    searchInputSchema({ query: 'Words to look for in the site copy', results: 'passages' }),
  outputSchema: () =>
    z.strictObject({
      query: z.string().check(z.describe('The query as it was searched')),
      results: z
        .array(
          z.strictObject({
            rank: z.int().check(z.describe('The place of the passage, 1 for the best match')),
            score: z.number().check(z.describe('How well the passage matches (higher is better)')),
            section: z.string().check(z.describe('The copy section the passage is in')),
            heading: z.string().check(z.describe('The heading the passage sits under')),
            text: z.string().check(z.describe('The passage itself')),
            source: z.url().check(z.describe('The Markdown document the passage comes from')),
            page: z
              .url()
              .check(
                z.describe('The passage on the home page: at its heading, else at its section'),
              ),
          }),
        )
        .check(z.describe('The best passages, best first')),
    }),
  example: { query: 'product', limit: 3 },
  prepare: ({ content, outlines, urls, searchStopWords, searchStemmer }) => {
    // Built with the first search, with the content language's stop words and stemmer, so a cold
    // start that lists tools does not pay for it.
    let searchIndex: Promise<SiteSearchIndex> | undefined;
    const buildIndex = async () =>
      new SiteSearchIndex(
        buildPassages(content, urls, outlines),
        searchStopWords,
        await searchStemmer?.(),
      );
    return {
      run: async ({ query, limit }) => {
        const index = await (searchIndex ??= buildIndex());
        return { structuredContent: { query, results: index.search(query, limit) } };
      },
    };
  },
});
