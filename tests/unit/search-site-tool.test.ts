import { describe, expect, it } from 'vitest';
import {
  buildPageSearchIndex,
  searchPages,
  type PageSection,
} from '../../src/documents/page-search.ts';
import { searchSiteTool } from '../../src/mcp/tools/search-site.ts';
import { searchSiteCopyTool } from '../../src/mcp/tools/search-site-copy.ts';
import type { Stemmer } from '../../src/documents/search-terms.ts';
import { packPageSections, unpackPageSections } from '../../src/site/packed-page-sections.ts';
import { serializePageSections } from '../../src/documents/page-search.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));

/** Sections as the build reads them from pages: made up here, so no sample content is assumed. */
const SECTIONS: PageSection[] = [
  {
    url: '/docs#limits',
    page: 'API reference',
    heading: 'Limits',
    text: `Each client may send 300 requests per minute; over the rate limit it gets a 429. ${'More words about limits. '.repeat(80)}`,
  },
  {
    url: '/errors/rate_limited',
    page: 'Error rate_limited',
    heading: 'Error rate_limited',
    text: 'Too many requests from this client. Wait, then try again.',
  },
  {
    url: '/developers#token',
    page: 'Developers',
    heading: 'Optional anonymous token',
    text: 'Register a client, then ask the token endpoint for an access token.',
  },
];

/** The tool prepared over the fixture site with these sections (and the index's stop words). */
function prepare(sections: readonly PageSection[] | undefined, stopWords: readonly string[] = []) {
  return searchSiteTool.prepare({
    ...site,
    ...(sections ? { pageSearch: () => Promise.resolve({ sections, stopWords }) } : {}),
  });
}

describe('searchSiteTool', () => {
  it('should answer with the sections the site search ranks first, in its order', async () => {
    const { structuredContent } = await prepare(SECTIONS).run({ query: 'throttling', limit: 5 });
    const expected = searchPages(buildPageSearchIndex(SECTIONS), 'throttling', {
      limit: 5,
      perPage: 3,
    });
    const results = (structuredContent as { results: { url: string; rank: number }[] }).results;
    expect(results.map((result) => result.url)).toEqual(
      expected.hits.map((hit) => `https://facts.example.com${hit.url}`),
    );
    expect(results.map((result) => result.rank)).toEqual(results.map((_, index) => index + 1));
  });

  it("should read the query with the index's stop words, as the build indexed the pages", async () => {
    // `client` stands in for a word of the content's language that the build made a stop word.
    const urls = async (stopWords: readonly string[]) => {
      const { structuredContent } = await prepare(SECTIONS, stopWords).run({
        query: 'client token',
        limit: 5,
      });
      return (structuredContent as { results: { url: string }[] }).results.map((hit) => hit.url);
    };
    expect(await urls([])).toContain('https://facts.example.com/errors/rate_limited');
    expect(await urls(['client'])).toEqual(['https://facts.example.com/developers#token']);
  });

  it('should give each result its page, heading, address, snippet and text, long texts cut', async () => {
    const { structuredContent } = await prepare(SECTIONS).run({
      query: 'requests per minute',
      limit: 1,
    });
    const [first] = (structuredContent as { results: Record<string, unknown>[] }).results;
    expect(first).toMatchObject({
      rank: 1,
      page: 'API reference',
      section: 'Limits',
      url: 'https://facts.example.com/docs#limits',
    });
    expect(String(first?.snippet)).toMatch(/requests per minute/);
    expect(String(first?.text).length).toBeLessThanOrEqual(1202);
    expect(String(first?.text).endsWith(' …')).toBe(true);
  });

  it("should give a section's code blocks after its prose in the text", async () => {
    const sample: PageSection = {
      url: '/docs/api/getOverview#samples',
      page: 'GET /overview',
      heading: 'Request samples',
      text: 'Example: the overview curl',
      code: 'curl -s https://facts.example.com/api/v1/overview',
    };
    const { structuredContent } = await prepare([sample]).run({ query: 'overview', limit: 1 });
    const [first] = (structuredContent as { results: Record<string, unknown>[] }).results;
    expect(first?.text).toBe(
      'Example: the overview curl curl -s https://facts.example.com/api/v1/overview',
    );
  });

  it('should say so, with no results, where the site was not built', async () => {
    const answer = await prepare(undefined).run({ query: 'rate limit', limit: 5 });
    expect(answer.structuredContent).toEqual({ query: 'rate limit', results: [] });
    expect(answer.text).toMatch(/no search index/);
  });
});

describe('packPageSections', () => {
  it('should pack the index file smaller than it is and unpack it unchanged', () => {
    const json = serializePageSections(SECTIONS, ['de', 'la']);
    const packed = packPageSections(json);
    expect(packed.length).toBeLessThan(json.length);
    expect(unpackPageSections(packed)).toEqual({ sections: SECTIONS, stopWords: ['de', 'la'] });
  });

  it('should refuse what it did not pack', () => {
    expect(() => unpackPageSections('bm90IGJyb3RsaQ==')).toThrow();
  });
});

describe('searchSiteCopyTool', () => {
  it("should search the copy with the content language's stop words and the stemmer the site gives", async () => {
    // The rich fixture writes English; `bakeries` stands for a word of another form than the
    // copy's, and a stemmer that cuts it to `bakery` for the content language's.
    const run = (searchStemmer?: () => Promise<Stemmer | undefined>) =>
      searchSiteCopyTool
        .prepare({
          ...site,
          searchStopWords: ['plan'],
          ...(searchStemmer ? { searchStemmer } : {}),
        })
        .run({ query: 'bakeriez plan', limit: 3 });
    const sections = async (searchStemmer?: () => Promise<Stemmer | undefined>) =>
      ((await run(searchStemmer)).structuredContent as { results: unknown[] }).results.length;
    expect(await sections()).toBe(0);
    const stem: Stemmer = (word) => (word.startsWith('bakeri') ? 'bakery' : word);
    expect(await sections(() => Promise.resolve(stem))).toBeGreaterThan(0);
  });
});
