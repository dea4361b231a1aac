import type MiniSearch from 'minisearch';
import * as z from 'zod/mini';
import {
  buildPageSearchIndex,
  searchPages,
  type PageSection,
} from '../../documents/page-search.ts';
import { defineTool } from '../tool-definition.ts';

/** How much of a section's text a result carries; the URL has the rest. */
const MAX_TEXT = 1200;

/** Sections of one page a result list holds, as in the site's search dialog. */
const PER_PAGE = 3;

/** A section's text, cut at a word when longer than a result carries. */
function clipText(text: string): string {
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
    z.strictObject({
      query: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'must not be empty'),
          z.maxLength(200, 'must be at most 200 characters'),
          z.describe('What to look for, as words or a question'),
        ),
      limit: z
        ._default(z.int().check(z.minimum(1), z.maximum(20)), 5)
        .check(z.describe('How many sections to return (1-20, default 5)')),
    }),
  outputSchema: () =>
    z.strictObject({
      query: z.string(),
      results: z.array(
        z.strictObject({
          rank: z.int(),
          score: z.number(),
          page: z.string().check(z.describe("The page's title")),
          section: z.string().check(z.describe("The section's heading")),
          url: z.url().check(z.describe('The section on its page')),
          snippet: z.string().check(z.describe('The words around the first match')),
          text: z
            .string()
            .check(z.describe("The section's text, cut after about 1,200 characters")),
        }),
      ),
    }),
  example: { query: 'rate limit', limit: 3 },
  prepare: ({ pageSections, urls }) => {
    // Indexed with the first search, so a cold start that lists tools does not pay for it.
    let index: {
      readonly search: MiniSearch<PageSection>;
      readonly sections: Map<string, PageSection>;
    };
    return {
      run: ({ query, limit }) => {
        const sections = pageSections?.() ?? [];
        if (sections.length === 0) {
          return {
            structuredContent: { query, results: [] },
            text: 'This server has no search index: the build writes it from the built pages.',
          };
        }
        index ??= {
          search: buildPageSearchIndex(sections),
          sections: new Map(sections.map((section) => [section.url, section])),
        };
        const { hits } = searchPages(index.search, query, { limit, perPage: PER_PAGE });
        const results = hits.map((hit, position) => ({
          rank: position + 1,
          score: Math.round(hit.score * 1000) / 1000,
          page: hit.page,
          section: hit.section ?? hit.page,
          url: new URL(hit.url, urls.origin).href,
          snippet: hit.snippet.map((part) => part.text).join(''),
          text: clipText(index.sections.get(hit.url)?.text ?? ''),
        }));
        return { structuredContent: { query, results } };
      },
    };
  },
});
