/**
 * Turns what a visitor typed into a MiniSearch query tree: each word by its stem, within a typo
 * allowance when it is long enough, the last word also as a prefix (it may still be typed), an
 * identifier also by its parts, two neighbouring words also joined (`rate limit` finds
 * `RateLimit`), and a phrase of the synonym map also by the group's other phrases.
 * @see https://lucaong.github.io/minisearch/types/MiniSearch.Query.html
 */
import type MiniSearch from 'minisearch';
import type { CombinationOperator, Query, QueryCombination } from 'minisearch';
import { SEARCH_SYNONYMS } from './search-synonyms.ts';
import {
  ENGLISH_SEARCH,
  readQueryWords,
  stemTerm,
  type QueryWord,
  type SearchLanguage,
} from './search-terms.ts';

/** Terms shorter than this get no typo allowance and are never reached by one. */
export const MIN_TYPO_LENGTH = 4;

/**
 * In a search that needs only some of the words, the last word is also a prefix from this many
 * letters on: the `co` of `chung nhan huu co` ("organic certification", `cơ`) found the
 * reference's `connections`, `code` and `Common` on pages that held none of the other words.
 */
const MIN_SOME_WORDS_PREFIX = 3;

/** One edit per five letters (so one for 4 to 7 letters), at most two. */
const TYPO_FRACTION = 0.2;
const MAX_TYPOS = 2;

/** A synonym counts for less than the words typed, so an exact answer stays above it. */
const SYNONYM_WEIGHT = 0.5;

/** A term exactly as given: the query's terms are already processed (`search-terms.ts`). */
const AS_GIVEN = { tokenize: (text: string) => [text], processTerm: (term: string) => term };

/** A query of one term, matched exactly (and as a prefix when asked). */
function matchTerm(term: string, prefix: boolean, weight: number): QueryCombination {
  return { queries: [term], prefix, fuzzy: false, boostTerm: () => weight };
}

/**
 * A word's spelling within its typo allowance (a fraction of its length), its exact spelling left
 * to `matchTerm`. A term the allowance reaches must itself have four letters or more: stop words
 * are never indexed, and a short term (`to`, `api`) is too easily one edit away.
 */
function matchTypo(text: string): QueryCombination | undefined {
  if (text.length < MIN_TYPO_LENGTH || !/^\p{L}+$/u.test(text)) return undefined;
  return {
    queries: [text],
    prefix: false,
    fuzzy: TYPO_FRACTION,
    maxFuzzy: MAX_TYPOS,
    boostTerm: () => 1,
    boostDocument: (_id, matched) =>
      matched !== text && matched.length >= MIN_TYPO_LENGTH ? 1 : 0,
  };
}

/** True for a section in English (`en`, `en-GB`): the site's own words on a site in another language. */
function isEnglishSection(stored: Record<string, unknown> | undefined): boolean {
  return typeof stored?.lang === 'string' && /^en(?:-|$)/i.test(stored.lang);
}

/**
 * A word's stem in the content's language, exactly (a prefix of a stem that short, `pag`, reaches
 * too much), and in the sections of that language only: its stemmer cuts English words too, and
 * `pagar` found the reference's `pages` by their common `pag`.
 */
function matchContentStem(stem: string): QueryCombination {
  return {
    queries: [stem],
    prefix: false,
    fuzzy: false,
    boostTerm: () => 1,
    boostDocument: (_id, _term, stored) => (isEnglishSection(stored) ? 0 : 1),
  };
}

/**
 * One word: its stem (as a prefix too when it is the last word, which may still be typed), its
 * stem in the content's language, its spelling within the typo allowance (long words are misspelt
 * before they are stemmed: `verisoning`), and for an identifier all its parts.
 */
function matchWord(
  word: QueryWord,
  last: boolean,
  combineWith: CombinationOperator,
  isKnown: KnownTerm,
): QueryCombination {
  if (!word.whole) {
    // A word with East Asian letters: every pair of its letters, the last as a prefix too when
    // the word is (`빵` finds `빵을`); where some words do, every pair of one of its segments.
    const matchPieces = (pieces: readonly string[], lastPart: boolean): QueryCombination => ({
      combineWith: 'AND',
      queries: pieces.map((piece, index) =>
        matchTerm(piece, lastPart && index === pieces.length - 1, 1),
      ),
    });
    if (combineWith === 'AND') return matchPieces(word.pieces, last);
    return {
      combineWith: 'OR',
      queries: word.segments.map((segment, index) =>
        matchPieces(segment, last && index === word.segments.length - 1),
      ),
    };
  }
  const prefix = last && (combineWith === 'AND' || [...word.text].length >= MIN_SOME_WORDS_PREFIX);
  // Typed with its accents, a word is also asked as written, so the sections that write it so
  // weigh more (`là` over `lá`), and it is a prefix only as written: `gì` ("what") reached
  // `giúp` by its letters alone, `télé` still reaches `téléphone`.
  const queries: Query[] = [matchTerm(word.stem, prefix && !word.accented, 1)];
  if (word.accented) queries.push(matchTerm(word.accented, prefix, 1));
  if (word.contentStem) queries.push(matchContentStem(word.contentStem));
  // A word the index holds as it is spelt is no typo: `internet` on a page that says it does not
  // also reach `internal` two edits away, which outranked the page that says `internet`.
  const typo = isKnown(word.text) ? undefined : matchTypo(word.text);
  if (typo) queries.push(typo);
  if (word.pieces.length > 0) {
    queries.push({
      combineWith: 'AND',
      queries: word.pieces.map((piece, index) =>
        matchTerm(piece, prefix && index === word.pieces.length - 1, 1),
      ),
    });
  }
  return { combineWith: 'OR', queries };
}

/** Words that must all match (or, with 'OR', any may). */
function matchAll(
  words: readonly QueryWord[],
  lastIndex: number,
  from: number,
  combineWith: CombinationOperator,
  isKnown: KnownTerm,
): QueryCombination {
  return {
    combineWith,
    queries: words.map((word, index) =>
      matchWord(word, from + index === lastIndex, combineWith, isKnown),
    ),
  };
}

/** A synonym phrase: its words' stems (an identifier whole), exactly, at the synonym weight. */
function matchSynonym(phrase: readonly QueryWord[]): QueryCombination {
  return {
    combineWith: 'AND',
    queries: phrase.map((word) => matchTerm(word.stem, false, SYNONYM_WEIGHT)),
  };
}

/** Each synonym group's phrases as query words, read once. */
let synonymPhrases: QueryWord[][][] | undefined;
function readSynonymPhrases(): QueryWord[][][] {
  synonymPhrases ??= SEARCH_SYNONYMS.map((group) => group.map((phrase) => readQueryWords(phrase)));
  return synonymPhrases;
}

/**
 * The longest synonym phrase that starts at `at`, with the other phrases of every group that
 * holds it (a phrase may belong to several groups: `429` is a rate limit and "too many requests").
 */
function findSynonyms(
  words: readonly QueryWord[],
  at: number,
): { readonly length: number; readonly others: QueryWord[][] } | undefined {
  let best: { length: number; others: QueryWord[][] } | undefined;
  for (const group of readSynonymPhrases()) {
    for (const phrase of group) {
      const length = phrase.length;
      if (length === 0 || length < (best?.length ?? 0) || at + length > words.length) continue;
      if (!phrase.every((word, index) => word.stem === words[at + index]?.stem)) continue;
      const others = group.filter((other) => other !== phrase && other.length > 0);
      best =
        best && best.length === length
          ? { length, others: [...best.others, ...others] }
          : { length, others };
    }
  }
  return best;
}

/** Whether the index holds a term exactly as it is spelt (readKnownTerms). */
export type KnownTerm = (term: string) => boolean;

/**
 * Whether `index` holds a term as spelt (an exact search for it finds a section), for one search:
 * a query word the index holds gets no typo allowance.
 */
export function readKnownTerms(index: MiniSearch): KnownTerm {
  // Asked for each word by the query of every word and by that of some words: searched once.
  const known = new Map<string, boolean>();
  return (term) => {
    let held = known.get(term);
    if (held === undefined) {
      const exact = { queries: [term], prefix: false, fuzzy: false, ...AS_GIVEN };
      held = index.search(exact).length > 0;
      known.set(term, held);
    }
    return held;
  };
}

/**
 * The query tree of a query: its parts (a synonym phrase, two words joined, or one word) combined
 * with `combineWith` ('AND': every part must match; 'OR': any may), its words read as the index
 * reads them (`language`: its stop words and stemmer, readSearchLanguage), a word the index holds
 * as spelt (`isKnown`) without a typo allowance.
 */
export function buildSearchQuery(
  query: string,
  combineWith: CombinationOperator,
  language: SearchLanguage = ENGLISH_SEARCH,
  isKnown: KnownTerm = () => false,
): Query {
  const words = readQueryWords(query, language);
  const last = words.length - 1;
  const parts: Query[] = [];
  for (let at = 0; at < words.length;) {
    const synonyms = findSynonyms(words, at);
    if (synonyms) {
      parts.push({
        combineWith: 'OR',
        queries: [
          matchAll(words.slice(at, at + synonyms.length), last, at, 'AND', isKnown),
          ...synonyms.others.map(matchSynonym),
        ],
      });
      at += synonyms.length;
      continue;
    }
    const word = words[at] as QueryWord;
    const next = words[at + 1];
    // Two plain words also as one (`rate limit` → `ratelimit`), unless the second opens a phrase.
    if (
      next &&
      word.pieces.length === 0 &&
      next.pieces.length === 0 &&
      !findSynonyms(words, at + 1)
    ) {
      parts.push({
        combineWith: 'OR',
        queries: [
          matchAll([word, next], last, at, combineWith, isKnown),
          matchTerm(stemTerm(`${word.text}${next.text}`), at + 1 === last, 1),
        ],
      });
      at += 2;
      continue;
    }
    parts.push(matchWord(word, at === last, combineWith, isKnown));
    at += 1;
  }
  return { combineWith, queries: parts, ...AS_GIVEN };
}
