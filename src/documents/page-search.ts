/**
 * The search over the site's pages, shared by the build (which indexes the built pages' sections
 * and writes the index as JSON) and the header's search box (which loads that JSON on demand and
 * queries it). Plain JavaScript (MiniSearch, BM25+ over a radix tree), so nothing on the path from
 * install to a served site needs a native binary.
 * @see https://lucaong.github.io/minisearch/
 */
import MiniSearch, { type Options, type SearchResult } from 'minisearch';

/** One section of a built page: the text under one heading with an id, up to the next one. */
export interface PageSection {
  /** The section's address: the page's path, and `#<id>` for any section but the first. */
  readonly url: string;
  /** The page's title (its `h1`). */
  readonly page: string;
  /** The section's heading (the page's title for the text before its first linked heading). */
  readonly heading: string;
  readonly text: string;
}

/** A part of a snippet: plain text, or a matched word (`mark`). */
export interface SnippetPart {
  readonly text: string;
  readonly mark: boolean;
}

/** One section the search found, with a snippet of its text around the first match. */
export interface PageSearchHit {
  readonly url: string;
  readonly page: string;
  /** The section's heading, when it is not the page's own title. */
  readonly section?: string;
  readonly snippet: readonly SnippetPart[];
}

/** What a query found: the hits to list, and on how many pages any section matched. */
export interface PageSearchAnswer {
  readonly hits: readonly PageSearchHit[];
  readonly pages: number;
}

/** Words too common to tell sections apart; never indexed, so no typo can match one. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do for from has have how i in is it its of on or our that the their this to was we what when where which who will with you your'.split(
    ' ',
  ),
);

/**
 * A word: letters and digits, joined by `_`, `-` or `.` into one identifier (`rate_limited`,
 * `server-card`, `llms.txt`); a sentence's full stop is no joiner, since a letter must follow it.
 */
const WORD = /[\p{L}\p{N}]+(?:[_.\-'][\p{L}\p{N}]+)*/gu;

/** Lower case, compatibility forms folded and accents dropped, so `Société` matches `societe`. */
function normalizeWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The terms a word stands for: the word itself and, for an identifier, each of its parts, so
 * `rate_limited` is found by `rate_limited`, `rate` or `limited`. Stop words give none.
 */
export function readWordTerms(word: string): string[] {
  const whole = normalizeWord(word);
  const parts = whole.split(/[_.\-']/).filter((part) => part && !STOP_WORDS.has(part));
  if (parts.length <= 1) return STOP_WORDS.has(whole) ? [] : [whole];
  return [whole, ...parts];
}

/** The words of a text (each still in its original spelling), for indexing and for queries. */
function tokenizeWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The index's fields and text processing; the build and the browser must use the same. */
export const PAGE_SEARCH_OPTIONS: Options<PageSection> = {
  idField: 'url',
  fields: ['heading', 'text', 'page'],
  storeFields: ['url', 'page', 'heading', 'text'],
  tokenize: tokenizeWords,
  processTerm: (term) => readWordTerms(term),
  searchOptions: {
    boost: { heading: 3, page: 1.5 },
    // Prefix matches let a word be found while it is typed (`limit` finds `limits`).
    prefix: (term) => term.length >= 2,
    // One edit per five letters, and none under four letters: a short typo is too ambiguous.
    fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
    weights: { fuzzy: 0.3, prefix: 0.6 },
  },
};

/** Builds the search index of the pages' sections. */
export function buildPageSearchIndex(sections: readonly PageSection[]): MiniSearch<PageSection> {
  const index = new MiniSearch<PageSection>(PAGE_SEARCH_OPTIONS);
  index.addAll(sections);
  return index;
}

/** True for a value shaped as a `PageSection`. */
function isPageSection(value: unknown): value is PageSection {
  if (typeof value !== 'object' || value === null) return false;
  const section = value as Record<string, unknown>;
  return ['url', 'page', 'heading', 'text'].every((key) => typeof section[key] === 'string');
}

/** The file the build writes: the sections, which the browser indexes (smaller than an index). */
export function serializePageSections(sections: readonly PageSection[]): string {
  return JSON.stringify({ sections });
}

/**
 * Indexes the sections of the file the build wrote; throws on a file of another shape, which only
 * a broken or foreign build can give.
 */
export function loadPageSearchIndex(json: string): MiniSearch<PageSection> {
  const parsed: unknown = JSON.parse(json);
  const sections =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as { sections?: unknown }).sections
      : undefined;
  if (!Array.isArray(sections) || !sections.every(isPageSection))
    throw new Error('The search index is not a list of page sections.');
  return buildPageSearchIndex(sections);
}

/** How many words a snippet holds, and how many of them come before the first match. */
const SNIPPET_WORDS = 24;
const SNIPPET_LEAD = 6;

/**
 * The snippet of a section's text around its first word that matched: about 24 words, the
 * matched words marked. A word is marked when one of its terms is among the matched index terms,
 * so a fuzzy match marks the word it matched, never a stop word.
 */
export function buildSnippet(text: string, matched: ReadonlySet<string>): SnippetPart[] {
  const words = [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    mark: readWordTerms(match[0]).some((term) => matched.has(term)),
  }));
  if (words.length === 0) return text ? [{ text: text.slice(0, 160), mark: false }] : [];
  const first = Math.max(
    0,
    words.findIndex((word) => word.mark),
  );
  const from = Math.max(0, Math.min(first - SNIPPET_LEAD, words.length - SNIPPET_WORDS));
  const shown = words.slice(from, from + SNIPPET_WORDS);
  const parts: SnippetPart[] = [];
  const push = (part: string, mark: boolean) => {
    if (!part) return;
    const last = parts.at(-1);
    if (last && last.mark === mark) parts[parts.length - 1] = { text: last.text + part, mark };
    else parts.push({ text: part, mark });
  };
  let cursor = shown[0]?.start ?? 0;
  if (from > 0) push('… ', false);
  for (const word of shown) {
    push(text.slice(cursor, word.start), false);
    push(text.slice(word.start, word.end), word.mark);
    cursor = word.end;
  }
  const end = shown.at(-1)?.end ?? text.length;
  if (end < text.length) push(' …', false);
  return parts;
}

/** Turns a MiniSearch result into a hit. */
function toHit(result: SearchResult): PageSearchHit {
  const page = String(result.page);
  const heading = String(result.heading);
  return {
    url: String(result.url),
    page,
    ...(heading && heading !== page ? { section: heading } : {}),
    snippet: buildSnippet(String(result.text), new Set(result.terms)),
  };
}

/**
 * Searches the pages' sections: every word of the query must match (as typed, as a prefix, or
 * within the typo allowance), else any word may; best first, at most `perPage` sections of one
 * page and `limit` in all.
 */
export function searchPages(
  index: MiniSearch<PageSection>,
  query: string,
  options: { readonly limit: number; readonly perPage: number },
): PageSearchAnswer {
  const all = index.search(query, { combineWith: 'AND' });
  const results = all.length > 0 ? all : index.search(query, { combineWith: 'OR' });
  const perPage = new Map<string, number>();
  const hits: PageSearchHit[] = [];
  for (const result of results) {
    const page = String(result.url).replace(/#.*$/, '');
    const count = perPage.get(page) ?? 0;
    perPage.set(page, count + 1);
    if (count < options.perPage && hits.length < options.limit) hits.push(toHit(result));
  }
  return { hits, pages: perPage.size };
}
