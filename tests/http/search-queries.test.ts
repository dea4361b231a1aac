import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  loadPageSearchIndex,
  parsePageSections,
  searchPages,
  type PageSearchHit,
  type PageSearchIndex,
  type PageSection,
} from '../../src/documents/page-search.ts';
import { loadContentStemmer } from '../../src/integrations/search-language.ts';
import { searchSiteTool } from '../../src/mcp/tools/search-site.ts';
import { loadSampleContent, loadSampleRoutes } from '../support/sample-content.ts';
import {
  DIALOG_RESULTS,
  loadSearchQuerySet,
  rankInDialog,
  readServedContentQueryCases,
  scoreQuerySet,
  type SearchQueryCase,
} from '../support/search-query-set.ts';

const baseUrl = inject('baseUrl');

let index: PageSearchIndex;
/** The set: the fixture's questions, then those built from the content (readServedContentQueryCases). */
let cases: SearchQueryCase[];
let contentCases: SearchQueryCase[];
let client: Client;

beforeAll(async () => {
  // The index the site serves, searched with the dialog's own module, as the browser does.
  const response = await fetch(`${baseUrl}/search-index.json`);
  expect(response.status).toBe(200);
  const json = await response.text();
  const content = await loadSampleContent();
  // With the stemmer of content/'s language, as the dialog's chunk carries it.
  index = loadPageSearchIndex(json, await loadContentStemmer(content.company.locale));
  contentCases = await readServedContentQueryCases(
    baseUrl,
    parsePageSections(json),
    content,
    await loadSampleRoutes(),
  );
  cases = [...(await loadSearchQuerySet()), ...contentCases];
  client = new Client({ name: 'search-test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)));
});

afterAll(async () => {
  await client?.close();
});

/** The dialog's results for a query. */
function searchLikeTheDialog(query: string): readonly PageSearchHit[] {
  return searchPages(index, query, DIALOG_RESULTS).hits;
}

/** The 1-based rank of a case's first answer in the dialog's results. */
const rankAnswer = (entry: SearchQueryCase) => rankInDialog(index, entry);

/** A result of the MCP tool search_site. */
interface SearchSiteResult {
  readonly rank: number;
  readonly page: string;
  readonly section: string;
  readonly url: string;
}

describe('the search query set (tests/fixtures/search-queries.yaml)', () => {
  it('should hold at least 40 questions of every kind', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((entry) => entry.kind))).toEqual(
      new Set(['synonym', 'typo', 'question', 'name']),
    );
  });

  // Reached on the sample content: every query in the first three, mean reciprocal rank 0.944
  // (0.969 on an owner trial's honey co-operative). The bar leaves room for two misses of 54 and
  // a few answers moving down one place.
  it('should answer 96% in the first three with a mean reciprocal rank of 0.92 or more', () => {
    const score = scoreQuerySet(cases, rankAnswer);
    console.log(
      `search query set: ${cases.length} queries, top 1 ${(score.topOne * 100).toFixed(1)}%, top 3 ${(score.topThree * 100).toFixed(1)}%, MRR ${score.meanReciprocalRank.toFixed(3)}; missed: ${JSON.stringify(score.missed)}`,
    );
    expect(score.topThree).toBeGreaterThanOrEqual(0.96);
    expect(score.meanReciprocalRank).toBeGreaterThanOrEqual(0.92);
  });

  // A request sample that sends the agent card's example question, and the example body of
  // GET /llms.txt that repeats the copy, had come first: a code block's words weigh less than
  // prose, and the phrase tier reads prose only.
  it('should answer the questions built from the content with the site copy first, not with a sample quoting them', () => {
    expect(contentCases.map((entry) => [entry.query, rankAnswer(entry)])).toEqual(
      contentCases.map((entry) => [entry.query, 1]),
    );
  });
});

describe('search_site over MCP (official SDK client)', () => {
  it('should give agents the sections people get, in the same order, for every query of the set', async () => {
    for (const entry of cases) {
      const result = await client.callTool({
        name: 'search_site',
        arguments: { query: entry.query, limit: DIALOG_RESULTS.limit },
      });
      expect(result.isError, entry.query).toBeFalsy();
      const { results } = result.structuredContent as { results: SearchSiteResult[] };
      expect(
        results.map((hit) => [hit.url, hit.section]),
        entry.query,
      ).toEqual(
        searchLikeTheDialog(entry.query).map((hit) => [
          new URL(hit.url, baseUrl).href,
          hit.section ?? hit.page,
        ]),
      );
    }
  });

  it('should answer a docs question with the reference, not only the site copy', async () => {
    const result = await client.callTool({
      name: 'search_site',
      arguments: { query: 'search_site_copy', limit: 3 },
    });
    const { results } = result.structuredContent as { results: SearchSiteResult[] };
    expect(results[0]?.section).toMatch(/search_site_copy/);
    expect(new URL(results[0]?.url ?? '').pathname).toMatch(/^\/docs/);
  });

  // The tool's own example, shown on its reference page: a request sample quoting the words had
  // pushed the Limits section out of the first three.
  it("should hold the Limits section among the results of the tool's own example", async () => {
    const result = await client.callTool({
      name: 'search_site',
      arguments: searchSiteTool.example,
    });
    const { results } = result.structuredContent as { results: SearchSiteResult[] };
    expect(results.map((hit) => hit.section)).toContain('Limits');
    expect(results.map((hit) => hit.section)).not.toContain('Request samples');
  });

  it.each([
    [{ query: '' }, /query: must not be empty/],
    [{ query: 'x'.repeat(201) }, /at most 200 characters/],
    [{ query: 'token', limit: 0 }, /limit/],
    [{ query: 'token', extra: true }, /Invalid arguments for search_site/],
  ])('should refuse %j with a tool error the model can read', async (args, message) => {
    const result = await client.callTool({ name: 'search_site', arguments: args });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(message);
  });
});

describe('the served search index', () => {
  /** The sections of the index the site serves. */
  async function readServedSections(): Promise<PageSection[]> {
    return parsePageSections(await (await fetch(`${baseUrl}/search-index.json`)).text());
  }

  it("should hold a reference page's own words, not its breadcrumb trail, and no word split at a line-break opportunity", async () => {
    const sections = await readServedSections();
    const references = sections.filter(
      (section) => section.url.startsWith('/docs/') && !section.url.includes('#'),
    );
    expect(references.length).toBeGreaterThan(10);
    for (const section of references) expect(section.text, section.url).not.toMatch(/^API docs\b/);
    for (const section of sections) expect(section.text, section.url).not.toMatch(/\/ json\b/);
  });

  it("should leave out the developer portal's list of its own sections, which its sections hold", async () => {
    const sections = await readServedSections();
    const portal = sections.find((section) => section.url === '/developers');
    // "On this page" had put every heading's words into the first section's text, so the
    // company's name searched found the portal by its list of links ("Three ways in REST…").
    expect(portal?.text).toBeDefined();
    expect(portal?.text).not.toMatch(/REST quickstart\s*MCP quickstart/);
  });

  it("should leave the content's descriptions that the MCP resources table quotes to the sections they describe", async () => {
    const sections = await readServedSections();
    const content = await loadSampleContent();
    const descriptions = [content.product.summary, ...content.copy.map((copy) => copy.description)];
    const table = sections.filter((section) => section.url.startsWith('/docs/mcp/resources'));
    expect(table.map((section) => section.text).join(' ')).toContain('/copy/');
    // The table quoted every description, so a question in their words ("how accurate are the
    // heights") found it above the section on the home page that the description describes.
    const quoting = (description: string) =>
      table.filter((section) => section.text.replace(/\s+/g, ' ').includes(description));
    expect(descriptions.map((description) => [description, quoting(description)])).toEqual(
      descriptions.map((description) => [description, []]),
    );
    for (const description of descriptions) {
      expect(searchLikeTheDialog(description)[0]?.url, description).toMatch(/^\/(?:#|$)/);
    }
  });

  it("should leave out the reference pages' links to the previous and next page", async () => {
    const sections = await readServedSections();
    const references = sections.filter((section) => section.url.startsWith('/docs/'));
    expect(references.length).toBeGreaterThan(10);
    for (const section of references) {
      // The pager's words run together in the index text ("PreviousSend a message…NextGet…").
      expect(section.text, section.url).not.toMatch(/Previous.{0,200}Next/);
    }
  });
});
