import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import {
  searchPages,
  type PageSearchIndex,
  type PageSection,
} from '../../src/documents/page-search.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import type { RouteTable } from '../../src/service/routes.ts';
import { ROOT } from './processes.ts';

/** One question of tests/fixtures/search-queries.yaml and the headings that answer it. */
export interface SearchQueryCase {
  readonly query: string;
  readonly kind: 'synonym' | 'typo' | 'question' | 'name';
  readonly expect: readonly string[];
}

/** A result as the set is scored against it: the section's heading and its page's title. */
export interface RankedSection {
  readonly heading: string;
  readonly page: string;
}

/** Reads the query set, refusing a case without a query, a kind or an expectation. */
export async function loadSearchQuerySet(): Promise<SearchQueryCase[]> {
  const parsed: unknown = parse(
    await readFile(`${ROOT}tests/fixtures/search-queries.yaml`, 'utf8'),
  );
  if (!Array.isArray(parsed)) throw new Error('search-queries.yaml is not a list');
  return parsed.map((entry: unknown, index) => {
    const item = entry as Partial<Record<keyof SearchQueryCase, unknown>>;
    const valid =
      typeof item.query === 'string' &&
      ['synonym', 'typo', 'question', 'name'].includes(String(item.kind)) &&
      Array.isArray(item.expect) &&
      item.expect.length > 0 &&
      item.expect.every((pattern) => typeof pattern === 'string');
    if (!valid) throw new Error(`search-queries.yaml entry ${index + 1} is malformed`);
    return item as SearchQueryCase;
  });
}

/** What a site's own content gives the set: its words, read where the site publishes them. */
export interface ContentQuerySource {
  /** The plain question the agent card's text skill gives as its example (A2A searches with it). */
  readonly exampleQuestion: string;
  /** The company's headquarters as content/company.yaml gives it (`City, Country`), if it does. */
  readonly headquarters: string | undefined;
  /** The home page's title: every section of the site copy is on that page. */
  readonly homeTitle: string;
  /** The titles of the owner's own pages (content/pages/<slug>.md), as the index holds them. */
  readonly ownPageTitles: readonly string[];
}

/**
 * Questions built from a site's content, each answered by the owner's words: the agent card's
 * example question by the site copy on the home page, the city of the headquarters by the home
 * page or one of the owner's own pages (a page about the company's bakeries in Lyon answers
 * "Lyon" before the home page's fact sheet does). A request sample that sends that question, or
 * an example body that repeats the copy, had come first for them.
 */
export function buildContentQueryCases(source: ContentQuerySource): SearchQueryCase[] {
  const city = source.headquarters?.split(',')[0]?.trim();
  // A `*` of the title stands for any text (compilePattern): looser, never wrong.
  const ownWords = [source.homeTitle, ...source.ownPageTitles];
  return [
    { query: source.exampleQuestion, kind: 'question', expect: [source.homeTitle] },
    ...(city ? [{ query: city, kind: 'name' as const, expect: ownWords }] : []),
  ];
}

/** The plain question the agent card served at `baseUrl` offers as an example of its text skill. */
export async function readExampleQuestion(baseUrl: string): Promise<string> {
  const card = (await (await fetch(`${baseUrl}/.well-known/agent-card.json`)).json()) as {
    skills: { inputModes: string[]; examples: string[] }[];
  };
  const skill = card.skills.find((entry) => entry.inputModes.includes('text/plain'));
  // Its other example sends a data part, JSON in the text.
  const question = skill?.examples.find((example) => !example.includes('{'));
  if (!question) throw new Error('The agent card offers no plain question as an example');
  return question;
}

/**
 * The questions built from a served site's content (buildContentQueryCases), their words read
 * where the site publishes them: its agent card and the sections of its search index.
 */
export async function readServedContentQueryCases(
  baseUrl: string,
  sections: readonly PageSection[],
  content: SiteContent,
  routes: RouteTable,
): Promise<SearchQueryCase[]> {
  const ownPaths = new Set(
    routes.pages.filter((page) => page.section === 'content').map((page) => page.path),
  );
  return buildContentQueryCases({
    exampleQuestion: await readExampleQuestion(baseUrl),
    headquarters: content.company.headquarters,
    homeTitle: sections.find((section) => section.url === '/')?.page ?? '/',
    ownPageTitles: [
      ...new Set(sections.filter((section) => ownPaths.has(section.url)).map((s) => s.page)),
    ],
  });
}

/** What the search dialog lists: ten sections, at most three of one page. */
export const DIALOG_RESULTS = { limit: 10, perPage: 3 } as const;

/** The 1-based rank of a case's first answer in what the search dialog lists from `index`. */
export function rankInDialog(index: PageSearchIndex, entry: SearchQueryCase): number | undefined {
  return findAnswerRank(
    searchPages(index, entry.query, DIALOG_RESULTS).hits.map((hit) => ({
      heading: hit.section ?? hit.page,
      page: hit.page,
    })),
    entry.expect,
  );
}

/** A heading pattern as a regular expression: `*` for any text, case ignored, whole text. */
function compilePattern(pattern: string): RegExp {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'iu');
}

/** The 1-based rank of the first result whose heading or page title matches, or undefined. */
export function findAnswerRank(
  results: readonly RankedSection[],
  patterns: readonly string[],
): number | undefined {
  const compiled = patterns.map(compilePattern);
  const index = results.findIndex((result) =>
    compiled.some(
      (pattern) => pattern.test(result.heading.trim()) || pattern.test(result.page.trim()),
    ),
  );
  return index === -1 ? undefined : index + 1;
}

/** Success first and in the first three, mean reciprocal rank over the set, and the cases missed. */
export interface QuerySetScore {
  readonly topOne: number;
  readonly topThree: number;
  readonly meanReciprocalRank: number;
  readonly missed: readonly { readonly query: string; readonly rank: number | undefined }[];
}

/** Scores the ranks found for each case of the set. */
export function scoreQuerySet(
  cases: readonly SearchQueryCase[],
  rankOf: (entry: SearchQueryCase) => number | undefined,
): QuerySetScore {
  const ranks = cases.map((entry) => ({ query: entry.query, rank: rankOf(entry) }));
  const inTopThree = ranks.filter(({ rank }) => rank !== undefined && rank <= 3).length;
  const first = ranks.filter(({ rank }) => rank === 1).length;
  const reciprocal = ranks.reduce((sum, { rank }) => sum + (rank === undefined ? 0 : 1 / rank), 0);
  return {
    topOne: first / cases.length,
    topThree: inTopThree / cases.length,
    meanReciprocalRank: reciprocal / cases.length,
    missed: ranks.filter(({ rank }) => rank === undefined || rank > 3),
  };
}
