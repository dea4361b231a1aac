import type { SiteContent } from '../schemas/site-content.ts';
import { buildCopyDocumentUrl, type ServiceUrls } from '../service/urls.ts';
import {
  copyBodyKey,
  type MarkdownOutline,
  type SiteOutlines,
} from '../schemas/markdown-outline.ts';
import { checkOutline, readBodyRanges, readOutline } from './markdown-text.ts';
import { readTellingParts } from './query-parts.ts';
import {
  hasEastAsianLetter,
  keepContentStem,
  normalizeWord,
  readSearchLanguage,
  splitEastAsianWord,
  stemTerm,
  STOP_WORDS,
  type Stemmer,
} from './search-terms.ts';
import { dropApostropheEnding } from './word-affixes.ts';

/** One searchable passage of the site copy, with where it comes from. */
export interface Passage {
  readonly section: string;
  readonly heading: string;
  readonly text: string;
  /** The Markdown document the passage is part of. */
  readonly source: string;
  /** The passage on the home page, for people. */
  readonly page: string;
  /**
   * The passage as content/ writes it, when `text` differs: its links absolute there, as written
   * here. The index reads this one, so the site's address is no word of a passage with a link.
   */
  readonly written?: string;
}

export interface SearchHit extends Omit<Passage, 'written'> {
  readonly rank: number;
  readonly score: number;
}

/**
 * Lower-cased word tokens without accents and stop words; digits and hyphenated words kept whole.
 * A word joined by an apostrophe (`'` or `’`) counts whole and by each part of two characters or
 * more, so `eau` finds `l'eau` and `company` finds `company's`; accents are dropped as the site
 * search drops them (`normalizeWord`), so `futs` finds `fûts` and `Societe Generale` finds
 * `Société Générale` (and `légère` is one word, not `le`, `ge` and `re`). A word counts whole
 * and by its stem as the page search reads it (`stemTerm`): Porter's for a word of Latin letters,
 * so `bakeries` finds `bakery`; the light stem of an Arabic word, so `ماء` finds `الماء` and
 * `مزرعه` `المزرعة`, and of a Hindi word, so `किसानों` finds `किसान`.
 * Chinese, Japanese, Korean and Thai count by their pairs of letters and each letter
 * (`splitEastAsianWord`), so `面包` finds `新鲜面包` and `빵` finds `빵을`.
 */
export function tokenize(
  text: string,
  stopWords: ReadonlySet<string> = STOP_WORDS,
  stem?: Stemmer,
): string[] {
  return readWords(text)
    .flatMap((word) => splitEastAsianWord(word, true))
    .flatMap((word) => readTerms(word, stopWords, stem));
}

/**
 * A folded word's terms: without an ending after an apostrophe, the terms of the word before it
 * and of the two written as one (`istanbul` and `istanbuldan` for `istanbul'dan`,
 * dropApostropheEnding), each a plain word.
 */
function readTerms(word: string, stopWords: ReadonlySet<string>, stem?: Stemmer): string[] {
  const base = dropApostropheEnding(word);
  if (base === word) return readWordOwnTerms(word, stopWords, stem);
  const joined = word.replace(/['’](?=[^'’]*$)/u, '');
  return [
    ...new Set([
      ...readWordOwnTerms(base, stopWords, stem),
      ...readWordOwnTerms(joined, stopWords, stem),
    ]),
  ];
}

/**
 * A word: letters and digits, with the marks folding keeps (the vowel signs of Devanagari and
 * Thai, letters of their words: without them `काम` "work" was cut into `क` and `म`), hyphenated
 * or joined by an apostrophe; a number with its separators (`1.250,00`, `42,500`), which cut in
 * two found every number of the same digits after a dot (`42.500` found `2.500`).
 */
const SITE_WORD =
  /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:(?:[-'’]|(?<=\p{N})[.,](?=\p{N}))[\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*/gu;

/** A number written with separators of thousands or decimals (`1.250,00`, `3.5`). */
const SEPARATED_NUMBER = /^\p{N}+(?:[.,]\p{N}+)+$/u;

/**
 * A number's terms: as written, and its whole part (before a last separator that is followed by
 * other than three digits: the decimals of `1.250,00` or `1,250.00`) as written and, where its
 * separators part thousands, in digits alone: `1.250,00` is also `1.250` and `1250`, so a price
 * is found however it is typed; `09.00` is also `09`.
 */
function readNumberTerms(number: string): string[] {
  const groups = number.split(/[.,]/);
  const last = groups.at(-1) ?? '';
  const whole = last.length === 3 ? number : number.slice(0, -last.length - 1);
  const wholeGroups = whole.split(/[.,]/);
  const thousands = wholeGroups.slice(1).every((group) => group.length === 3);
  return [number, whole, ...(thousands ? [wholeGroups.join('')] : [])];
}

/** A text's words, folded (normalizeWord), before they are cut into terms. */
function readWords(text: string): string[] {
  return normalizeWord(text).match(SITE_WORD) ?? [];
}

/**
 * The terms of one word (or pair of letters): whole, by its parts and its stem (see tokenize), and
 * by its stem in the content's language where the search has its stemmer (`stem`: `trabajan` and
 * `trabajamos` are `trabaj`; on the folded word, as the passages are read folded).
 */
function readWordOwnTerms(word: string, stopWords: ReadonlySet<string>, stem?: Stemmer): string[] {
  if (stopWords.has(word)) return [];
  if (SEPARATED_NUMBER.test(word)) return [...new Set(readNumberTerms(word))];
  const parts = word.split(/['’]/);
  const contentStem =
    stem && !hasEastAsianLetter(word) ? keepContentStem(normalizeWord(stem(word))) : undefined;
  const terms =
    parts.length > 1
      ? [word, ...parts.filter((part) => [...part].length > 1)]
      : [word, stemTerm(word), ...(contentStem ? [contentStem] : [])];
  return [...new Set(terms)].filter((term) => term && !stopWords.has(term));
}

/**
 * A query's terms, in groups that a passage must hold whole to score by them: a term of its own
 * for each term of a word (tokenize), but each part of a word with East Asian letters that says
 * what it is about (readTellingParts) one group of its pairs of letters, without its single
 * letters: `防霜ファン` is `防霜` and `ファ` `ァン`, `会社について` is `会社`; `ファイル` is not found
 * by the `ファ` of `ファン`, nor `防霜ファン` by the `ン` of `シーズン`. A lone letter (`朝`, `빵`) is
 * its own group.
 */
export function tokenizeQuery(
  query: string,
  stopWords: ReadonlySet<string> = STOP_WORDS,
  stem?: Stemmer,
): string[][] {
  return readWords(query).flatMap((word) => {
    if (!hasEastAsianLetter(word)) return tokenize(word, stopWords, stem).map((term) => [term]);
    return readTellingParts(word)
      .map((part) => [
        ...new Set(splitEastAsianWord(part, false).flatMap((piece) => readTerms(piece, stopWords))),
      ])
      .filter((group) => group.length > 0);
  });
}

/**
 * Cuts the product description and every copy section into passages: the product summary, each
 * feature under its name, then each top-level block of a body (paragraph, list, code, table,
 * quote) under the last top-level heading before it, else under the section's title, by the
 * outlines the build parsed.
 */
export function buildPassages(
  content: SiteContent,
  urls: ServiceUrls,
  outlines: SiteOutlines,
): Passage[] {
  const { product } = content;
  const productPassage = {
    section: product.name,
    source: buildCopyDocumentUrl(urls.origin, 'product'),
    page: `${urls.home}#product`,
  };
  return [
    { ...productPassage, heading: product.name, text: collapseLines(product.summary) },
    // Each feature as its card on the home page and its line in /copy/product.md: its name, then
    // what it does.
    ...product.features.map((feature) => ({
      ...productPassage,
      heading: feature.name,
      text: collapseLines(feature.description),
    })),
    ...cutBody(
      product.body,
      outlines.product,
      { slug: 'product', title: product.name, renamedIds: outlines.renamedIds.product },
      urls,
    ),
    ...content.copy.flatMap((section) =>
      cutBody(
        section.body,
        readOutline(outlines.copy, section.slug),
        { ...section, renamedIds: outlines.renamedIds[copyBodyKey(section.slug)] },
        urls,
      ),
    ),
  ];
}

/**
 * One body's passages, each block under its heading's text, its relative links absolute as the
 * home page, which shows the body, resolves them (readBodyRanges).
 */
function cutBody(
  body: string,
  outline: MarkdownOutline,
  {
    slug,
    title,
    renamedIds,
  }: {
    readonly slug: string;
    readonly title: string;
    readonly renamedIds: Readonly<Record<string, string>> | undefined;
  },
  urls: ServiceUrls,
): Passage[] {
  checkOutline(body, outline);
  const source = buildCopyDocumentUrl(urls.origin, slug);
  const linked = readBodyRanges(body, outline, outline.blocks, { renamedIds, pageUrl: urls.home });
  return outline.blocks.map((block, index) => {
    const written = collapseLines(body.slice(block.start, block.end));
    const text = collapseLines(linked[index] ?? '');
    const heading = block.heading === undefined ? undefined : outline.headings[block.heading];
    // The passage's place: its heading on the home page, by the id the page gives it (an FAQ's
    // question, not the top of its section), else its section.
    const id = heading ? (renamedIds?.[heading.id] ?? heading.id) : slug;
    return {
      section: title,
      heading: heading?.text ?? title,
      text,
      source,
      page: new URL(`#${id}`, urls.home).href,
      ...(text === written ? {} : { written }),
    };
  });
}

/** A passage's text on one line, as search results show it. */
function collapseLines(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, ' ');
}

/**
 * The words a passage is found by: its section's title (a query that names a section finds its
 * passages, `会社について` those of the section of that title), the heading it sits under, its text.
 */
export function readIndexedText(passage: Passage): string {
  const { section, heading } = passage;
  const text = passage.written ?? passage.text;
  return heading === section ? `${heading} ${text}` : `${section} ${heading} ${text}`;
}

/** One passage a term occurs in, and how often. */
interface Posting {
  readonly passage: number;
  readonly frequency: number;
}

/** A term's postings, in passage order, and its inverse document frequency. */
interface TermEntry {
  readonly postings: readonly Posting[];
  readonly idf: number;
}

/** The passages that hold every one of the terms: those in the postings of all their entries. */
function readPassagesHoldingAll(entries: readonly TermEntry[]): Set<number> {
  const [first, ...rest] = entries;
  let holding = new Set(first?.postings.map(({ passage }) => passage));
  for (const { postings } of rest) {
    holding = new Set(postings.map(({ passage }) => passage).filter((p) => holding.has(p)));
  }
  return holding;
}

/** BM25 parameters: term-frequency saturation and length normalization. */
const K1 = 1.2;
const B = 0.75;

/**
 * BM25 over the site copy's passages, built once and queried many times. The index holds each
 * term's postings with its idf, so a query touches only the passages that hold its terms.
 */
export class SiteSearchIndex {
  readonly #passages: readonly Passage[];
  /**
   * English's stop words and the content language's (SiteSnapshot's `searchStopWords`), as the
   * page search leaves out (readSearchLanguage).
   */
  readonly #stopWords: ReadonlySet<string>;
  /** The content language's stemmer, if the search has one (src/generated/search-stemmer.ts). */
  readonly #stem: Stemmer | undefined;
  readonly #terms = new Map<string, TermEntry>();
  /** Each passage's length normalization, `k1 · (1 − b + b · length / average length)`. */
  readonly #norms: Float64Array;

  constructor(passages: readonly Passage[], stopWords: readonly string[] = [], stem?: Stemmer) {
    this.#passages = passages;
    const language = readSearchLanguage(stopWords, stem);
    this.#stem = language.stem;
    this.#stopWords = language.stopWords;
    const postings = new Map<string, Posting[]>();
    const lengths = passages.map((passage, index) => {
      const tokens = tokenize(readIndexedText(passage), this.#stopWords, this.#stem);
      const terms = new Map<string, number>();
      for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
      for (const [term, frequency] of terms) {
        const list = postings.get(term) ?? [];
        list.push({ passage: index, frequency });
        postings.set(term, list);
      }
      return tokens.length;
    });
    const count = passages.length;
    const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, count);
    this.#norms = Float64Array.from(
      lengths,
      (length) => K1 * (1 - B + (B * length) / averageLength),
    );
    for (const [term, list] of postings) {
      const documents = list.length;
      const idf = Math.log(1 + (count - documents + 0.5) / (documents + 0.5));
      this.#terms.set(term, { postings: list, idf });
    }
  }

  /**
   * The best `limit` passages for a query, best first; passages matching no term are left out. A
   * group of terms (tokenizeQuery) counts only in the passages that hold all of it.
   */
  search(query: string, limit: number): SearchHit[] {
    const scores = new Float64Array(this.#passages.length);
    const matched: number[] = [];
    const groups = new Map(
      tokenizeQuery(query, this.#stopWords, this.#stem).map((group) => [group.join(' '), group]),
    );
    for (const group of groups.values()) {
      const entries = group.map((term) => this.#terms.get(term));
      if (!entries.every((entry) => entry !== undefined)) continue;
      // A group of one term (every word but one with East Asian letters) counts wherever it is.
      const holding = entries.length > 1 ? readPassagesHoldingAll(entries) : undefined;
      for (const entry of entries) {
        for (const { passage, frequency } of entry.postings) {
          if (holding && !holding.has(passage)) continue;
          if (scores[passage] === 0) matched.push(passage);
          scores[passage] =
            (scores[passage] ?? 0) +
            (entry.idf * frequency * (K1 + 1)) / (frequency + (this.#norms[passage] ?? 0));
        }
      }
    }
    return matched
      .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b)
      .slice(0, limit)
      .map((index, rank) => ({
        ...readShownPassage(this.#passages[index] as Passage),
        rank: rank + 1,
        score: Math.round((scores[index] ?? 0) * 1000) / 1000,
      }));
  }
}

/** A passage as a search answers it: without the text as written, which only the index reads. */
function readShownPassage(passage: Passage): Omit<Passage, 'written'> {
  const { written: _written, ...shown } = passage;
  return shown;
}
