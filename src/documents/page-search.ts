/**
 * The search over the site's pages, shared by the build (which indexes the built pages' sections
 * and writes the index as JSON) and the header's search box (which loads that JSON on demand and
 * queries it). Plain JavaScript (MiniSearch, BM25+ over a radix tree), so nothing on the path from
 * install to a served site needs a native binary.
 * @see https://lucaong.github.io/minisearch/
 */
import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { buildSnippet, type SnippetPart } from './search-snippet.ts';
import { buildSearchQuery, readKnownTerms } from './search-query.ts';
import {
  normalizeWord,
  readQueryWords,
  readSearchLanguage,
  readWordTerms,
  stemTerm,
  tokenizeIndexedWords,
  tokenizeWords,
  type SearchLanguage,
  type Stemmer,
} from './search-terms.ts';

/** One section of a built page: the text under one heading with an id, up to the next one. */
export interface PageSection {
  /** The section's address: the page's path, and `#<id>` for any section but the first. */
  readonly url: string;
  /** The page's title (its `h1`). */
  readonly page: string;
  /** The section's heading (the page's title for the text before its first linked heading). */
  readonly heading: string;
  /** The section's prose: its text but for its code. */
  readonly text: string;
  /**
   * The text of the section's code blocks (`<pre>`: request samples, example bodies), when it has
   * any: their words are an example's, so they weigh less than the prose's (PAGE_SEARCH_OPTIONS).
   */
  readonly code?: string;
  /**
   * The names of what the section is the page of, when its heading does not say them: the
   * company's names on the home page's first section (its heading is the owner's slogan), so that
   * a search for the company finds the home page before the reference pages that mention it in
   * every tool's description. Weighed as a heading.
   */
  readonly names?: string;
  /**
   * How much the section weighs against others that match as well (1 when absent): the build
   * weighs a page by its kind (src/integrations/search-index.ts).
   */
  readonly weight?: number;
  /**
   * The language of the section's heading, and of the page's title (its `h1`), on a site whose
   * content is not in English: the dialog, in the site's English, marks each result's words by
   * them (WCAG 3.1.2). Absent on a site in English.
   */
  readonly lang?: string;
  readonly pageLang?: string;
}

/** One section the search found, with a snippet of its text around the first match. */
export interface PageSearchHit {
  readonly url: string;
  readonly page: string;
  /** The section's heading, when it is not the page's own title. */
  readonly section?: string;
  /** MiniSearch's BM25+ score, weighted by field, synonym, prefix and typo. */
  readonly score: number;
  readonly snippet: readonly SnippetPart[];
  /** The section's and the page title's languages, as the index gives them (PageSection). */
  readonly lang?: string;
  readonly pageLang?: string;
}

/** What a query found: the hits to list. */
export interface PageSearchAnswer {
  readonly hits: readonly PageSearchHit[];
}

/** The build's `/search-index.json`: the sections, the content language's stop words (or none). */
export interface PageSearchFile {
  readonly sections: readonly PageSection[];
  readonly stopWords: readonly string[];
}

/** The file, and the content language's stemmer (code: src/generated/search-stemmer.ts). */
export interface PageSearchData extends PageSearchFile {
  readonly stem?: Stemmer | undefined;
}

/** How the fields and the kinds of match weigh. */
const PAGE_SEARCH_WEIGHTS = {
  // A heading names what its section is about; the page's title, what every section shares; a
  // code block's words are an example's (a request sample that asks the question a reader
  // types is not where the site answers it).
  boost: { heading: 5, names: 5, page: 1.5, code: 0.25 },
  weights: { fuzzy: 0.3, prefix: 0.6 },
};

/** The index's fields and text processing, with its language's stop words and stemmer. */
function createPageSearchOptions(language: SearchLanguage): Options<PageSection> {
  return {
    idField: 'url',
    fields: ['heading', 'names', 'text', 'page', 'code'],
    storeFields: ['url', 'page', 'heading', 'names', 'text', 'code', 'weight', 'lang', 'pageLang'],
    tokenize: tokenizeIndexedWords,
    processTerm: (term) => readWordTerms(term, language),
    searchOptions: PAGE_SEARCH_WEIGHTS,
  };
}

/** The search index of the pages' sections, and the language it read them in. */
export class PageSearchIndex extends MiniSearch<PageSection> {
  /** Stop words (English's, Hindi's, the content language's) and stemmer: a query is read alike. */
  readonly language: SearchLanguage;

  constructor(language: SearchLanguage) {
    super(createPageSearchOptions(language));
    this.language = language;
  }
}

/**
 * Builds the search index of the pages' sections, with the stop words of the content's language
 * beyond English's (PageSearchFile's `stopWords`) and its stemmer (PageSearchData's `stem`).
 */
export function buildPageSearchIndex(
  sections: readonly PageSection[],
  stopWords: readonly string[] = [],
  stem?: Stemmer,
): PageSearchIndex {
  const index = new PageSearchIndex(readSearchLanguage(stopWords, stem));
  index.addAll(sections);
  return index;
}

/** True for a value shaped as a `PageSection`. */
function isPageSection(value: unknown): value is PageSection {
  if (typeof value !== 'object' || value === null) return false;
  const section = value as Record<string, unknown>;
  return (
    ['url', 'page', 'heading', 'text'].every((key) => typeof section[key] === 'string') &&
    ['code', 'names', 'lang', 'pageLang'].every(
      (key) => section[key] === undefined || typeof section[key] === 'string',
    ) &&
    (section.weight === undefined || (typeof section.weight === 'number' && section.weight > 0))
  );
}

/**
 * The file the build writes: the sections, which the browser indexes (smaller than an index), and
 * the content language's stop words.
 */
export function serializePageSections(
  sections: readonly PageSection[],
  stopWords: readonly string[] = [],
): string {
  return JSON.stringify({ sections, stopWords });
}

/** The file the build wrote; throws on a file of another shape (a broken build). */
export function parsePageSearchFile(json: string): PageSearchFile {
  const parsed: unknown = JSON.parse(json);
  const { sections, stopWords = [] } =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as { sections?: unknown; stopWords?: unknown })
      : {};
  if (!Array.isArray(sections) || !sections.every(isPageSection))
    throw new Error('The search index is not a list of page sections.');
  if (!Array.isArray(stopWords) || !stopWords.every((word) => typeof word === 'string'))
    throw new Error("The search index's stop words are not a list of words.");
  return { sections, stopWords };
}

/** The sections of the file the build wrote; throws as `parsePageSearchFile` does. */
export function parsePageSections(json: string): PageSection[] {
  return [...parsePageSearchFile(json).sections];
}

/**
 * Indexes the file the build wrote, with the content language's stemmer if any (the build's
 * src/generated/search-stemmer.ts); throws as `parsePageSearchFile` does.
 */
export function loadPageSearchIndex(json: string, stem?: Stemmer): PageSearchIndex {
  const { sections, stopWords } = parsePageSearchFile(json);
  return buildPageSearchIndex(sections, stopWords, stem);
}

/**
 * Turns a MiniSearch result into a hit; a word is marked when it holds a term that matched. The
 * snippet comes from the section's prose, or from its code when only the code matched.
 */
function toHit(result: SearchResult, language: SearchLanguage): PageSearchHit {
  const page = String(result.page);
  const heading = String(result.heading);
  const fields = new Set(Object.values(result.match).flat());
  const quoted = typeof result.code === 'string' && fields.has('code') && !fields.has('text');
  return {
    url: String(result.url),
    page,
    ...(heading && heading !== page ? { section: heading } : {}),
    score: result.score,
    snippet: buildSnippet(
      String(quoted ? result.code : result.text),
      new Set(Object.keys(result.match)),
      language,
    ),
    ...(typeof result.lang === 'string' ? { lang: result.lang } : {}),
    ...(typeof result.pageLang === 'string' ? { pageLang: result.pageLang } : {}),
  };
}

/** A section whose heading is just the words searched ("PKCE" for "what is PKCE") weighs this much more. */
const EXACT_HEADING_BOOST = 3;

/** A text's words as the search compares them: stop words left out, each by its stem. */
function readStems(text: string, stopWords: ReadonlySet<string>): string[] {
  return tokenizeWords(text)
    .map(normalizeWord)
    .filter((word) => !stopWords.has(word))
    .map(stemTerm);
}

/** The set of a text's stems, in one string: equal for "PKCE" and "what is PKCE"'s words. */
function readStemSet(stems: readonly string[]): string {
  return [...new Set(stems)].sort().join(' ');
}

/** True when the words (stems, in order) stand side by side in a text. */
function holdsPhrase(
  text: string,
  phrase: readonly string[],
  stopWords: ReadonlySet<string>,
): boolean {
  const stems = readStems(text, stopWords);
  const [first] = phrase;
  return stems.some(
    (stem, at) => stem === first && phrase.every((word, offset) => stems[at + offset] === word),
  );
}

/** A result's score with its section's weight and the exact heading's boost. */
function weighResult(
  result: SearchResult,
  headingKey: string,
  stopWords: ReadonlySet<string>,
): number {
  const weight = typeof result.weight === 'number' ? result.weight : 1;
  const exact = readStemSet(readStems(String(result.heading), stopWords)) === headingKey;
  return result.score * weight * (exact ? EXACT_HEADING_BOOST : 1);
}

/**
 * Searches the pages' sections, in three tiers: first the sections that hold the words of a query
 * of two words or more side by side, as typed (by their stems: "api key" finds "API keys"); then
 * those where every word matches (by its stem, a synonym, as a prefix for the last word, or within
 * the typo allowance); then those where some word does. Within a tier, best first by MiniSearch's
 * score times the section's weight, three times more for a section whose heading is just the
 * words searched. At most `perPage` sections of one page and `limit` in all.
 */
export function searchPages(
  index: PageSearchIndex,
  query: string,
  options: { readonly limit: number; readonly perPage: number },
): PageSearchAnswer {
  const { language } = index;
  const { stopWords } = language;
  // A word with East Asian letters stands in a text as its pairs of letters (readStems).
  const phrase = readQueryWords(query, language).flatMap((word) =>
    word.whole ? [word.stem] : word.pieces,
  );
  const headingKey = readStemSet(phrase);
  const rank = (results: SearchResult[]) =>
    results
      .map((result) => ({ result, score: weighResult(result, headingKey, stopWords) }))
      .sort((a, b) => b.score - a.score)
      .map(({ result, score }): SearchResult => ({ ...result, score }));
  const known = readKnownTerms(index);
  const all = rank(index.search(buildSearchQuery(query, 'AND', language, known)));
  const found = new Set(all.map((result) => result.id as string));
  const some = rank(
    index
      .search(buildSearchQuery(query, 'OR', language, known))
      .filter((result) => !found.has(result.id as string)),
  );
  // The company's names count as the home page's words here too: a short name in Latin letters
  // beside a name in Devanagari is written nowhere on the home page, and the reference pages
  // that quote it ("What does Rangrez Hastshilp do?") came first.
  const isPhrase = (result: SearchResult) =>
    phrase.length > 1 &&
    [result.heading, result.names, result.text].some(
      (field) => typeof field === 'string' && holdsPhrase(field, phrase, stopWords),
    );
  const phrased = all.filter(isPhrase);
  const results = [...phrased, ...all.filter((result) => !phrased.includes(result)), ...some];
  const perPage = new Map<string, number>();
  const hits: PageSearchHit[] = [];
  for (const result of results) {
    const page = String(result.url).replace(/#.*$/, '');
    const count = perPage.get(page) ?? 0;
    perPage.set(page, count + 1);
    if (count < options.perPage && hits.length < options.limit) {
      hits.push(toHit(result, language));
    }
  }
  return { hits };
}
