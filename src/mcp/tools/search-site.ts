import * as z from 'zod/mini';
import type { PageSection } from '../../documents/page-search.ts';
import { searchInputSchema } from '../search-input.ts';
import { defineTool } from '../tool-definition.ts';

/** How much of a section's text a result carries; the URL has the rest. */
const MAX_TEXT = 1200;

/** Sections of one page a result list holds, as in the site's search dialog. */
const PER_PAGE = 3;

/**
 * A section's text, its code blocks after its prose (the index keeps them apart, PageSection),
 * cut at a word when longer than a result carries.
 */
function clipText(section: PageSection | undefined): string {
  const text = [section?.text, section?.code].filter(Boolean).join(' ');
  if (text.length <= MAX_TEXT) return text;
  const cut = text.lastIndexOf(' ', MAX_TEXT);
  return `${text.slice(0, cut > 0 ? cut : MAX_TEXT)} …`;
}

/**
 * The site search people use in the page's search dialog, for agents: the same sections of every
 * built page (API reference, developer portal, errors, glossary and the site copy), the same
 * ranking, the same order.
 */
export const searchSiteTool = defineTool({
  name: 'search_site',
  title: (content) => `Search ${content.company.alternateName}'s site and API reference`,
  description: (content) =>
    `Searches every page of ${content.company.alternateName}'s site as people see it (the API reference, the developer portal, the error pages, the glossary and the public site copy) with the ranking of the site's own search dialog: word stems, synonyms, typos and identifiers. Returns the best sections, ranked, each with its page, heading, address, a snippet around the match and the section's text. Use it to find where the site answers a question; search_site_copy searches the site copy's Markdown only.`,
  inputSchema: () =>
    searchInputSchema({ query: 'What to look for, as words or a question', results: 'sections' }),
  outputSchema: () =>
    z.strictObject({
      query: z.string().check(z.describe('The query as it was searched')),
      results: z
        .array(
          z.strictObject({
            rank: z
              .int()
              .check(
                z.describe(
                  'The place of the section, 1 for the best match: first the sections that hold the words side by side in their heading or prose (not only in a code sample), then those that match every word, then those that match some',
                ),
              ),
            score: z
              .number()
              .check(
                z.describe(
                  'How well the section matches, against the sections of its group of rank (higher is better)',
                ),
              ),
            page: z.string().check(z.describe("The page's title")),
            section: z.string().check(z.describe("The section's heading")),
            url: z.url().check(z.describe('The section on its page')),
            snippet: z.string().check(z.describe('The words around the first match')),
            text: z
              .string()
              .check(
                z.describe(
                  "The section's text, its code blocks after its prose, cut after about 1,200 characters",
                ),
              ),
          }),
        )
        .check(z.describe('The best sections, best first, at most three of one page')),
    }),
  example: { query: 'rate limit', limit: 3 },
  // A plain question to the A2A agent is a site search: every page, reference included.
  answersText: true,
  prepare: ({ pageSearch, urls }) => {
    // Loaded and indexed with the first search (the sections and MiniSearch are a chunk of their
    // own), so a cold start that lists tools or calls another tool does not pay for them.
    const loadIndex = async () => {
      const { sections, stopWords, stem } = (await pageSearch?.()) ?? {
        sections: [],
        stopWords: [],
      };
      if (sections.length === 0) return null;
      const { buildPageSearchIndex, searchPages } = await import('../../documents/page-search.ts');
      return {
        search: buildPageSearchIndex(sections, stopWords, stem),
        sections: new Map(sections.map((section) => [section.url, section])),
        searchPages,
      };
    };
    let loading: ReturnType<typeof loadIndex> | undefined;
    return {
      run: async ({ query, limit }) => {
        const index = await (loading ??= loadIndex());
        if (!index) {
          return {
            structuredContent: { query, results: [] },
            text: 'This server has no search index: the build writes it from the built pages.',
          };
        }
        const { hits } = index.searchPages(index.search, query, { limit, perPage: PER_PAGE });
        const results = hits.map((hit, position) => ({
          rank: position + 1,
          score: Math.round(hit.score * 1000) / 1000,
          page: hit.page,
          section: hit.section ?? hit.page,
          url: new URL(hit.url, urls.origin).href,
          snippet: hit.snippet.map((part) => part.text).join(''),
          text: clipText(index.sections.get(hit.url)),
        }));
        return { structuredContent: { query, results } };
      },
    };
  },
});
