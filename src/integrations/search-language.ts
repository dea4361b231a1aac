/**
 * How the site search (src/documents/page-search.ts, src/documents/site-search.ts) reads the
 * content's own language: its stop words, the words too common in it to tell sections apart
 * (`de`, `la`, `und`, `les`), and its stemmer. English's stop words and Porter stems are the
 * search's own; without another language's, its commonest words weighed as rare ones in an index
 * that is mostly the reference's English ("¿Se puede pagar a meses?" led to the privacy section),
 * and a word was found only as written (`trabajan` did not find `trabajamos`).
 *
 * A word is a stop word when both Orama's list (`@orama/stopwords`, Snowball's for most languages)
 * and the `stopword` package's list for the language hold it: either list alone holds words people
 * search for in some language (Orama's Spanish has `tiempo` and `trabajo`, `stopword`'s German
 * `zeit` and `jahr`), while the function words are in both. The stemmer is Snowball's for the
 * language, as Orama packages it (`@orama/stemmers`): the build names its module in a generated
 * module, so the search's code in the browser and in the MCP function carries that one language's.
 * @see https://snowballstem.org/algorithms/
 */
import { stopwords as danish } from '@orama/stopwords/danish';
import { stopwords as dutch } from '@orama/stopwords/dutch';
import { stopwords as finnish } from '@orama/stopwords/finnish';
import { stopwords as french } from '@orama/stopwords/french';
import { stopwords as german } from '@orama/stopwords/german';
import { stopwords as greek } from '@orama/stopwords/greek';
import { stopwords as irish } from '@orama/stopwords/irish';
import { stopwords as armenian } from '@orama/stopwords/armenian';
import { stopwords as italian } from '@orama/stopwords/italian';
import { stopwords as norwegian } from '@orama/stopwords/norwegian';
import { stopwords as portuguese } from '@orama/stopwords/portuguese';
import { stopwords as russian } from '@orama/stopwords/russian';
import { stopwords as spanish } from '@orama/stopwords/spanish';
import { stopwords as swedish } from '@orama/stopwords/swedish';
import { stopwords as ukrainian } from '@orama/stopwords/ukrainian';
import * as stopword from 'stopword';
import { normalizeWord, STOP_WORDS, type Stemmer } from '../documents/search-terms.ts';

/**
 * A language the search reads: its modules' name in Orama's packages, and its stop words: the
 * words both packages' lists hold, or, where those lists hold words people search for, a short
 * list of its function words (`ownStopWords`).
 */
type ContentLanguage = { readonly name: string } & (
  | { readonly stopWordLists: readonly [orama: readonly string[], stopword: readonly string[]] }
  | { readonly ownStopWords: readonly string[] }
);

/**
 * Turkish's function words: conjunctions, postpositions, the question particle, the pronoun `bu`,
 * the article `bir` and the question words. Both packages' Turkish lists are one list that holds
 * words people search for (`iyi` "good", `ilk` "first", the numbers), and `şu` "that" folds to
 * `su` "water", so neither is taken.
 */
const TURKISH_STOP_WORDS = [
  'ama ancak bir bu da daha de diye en fakat gibi göre hangi hem her için ile ise kadar ki kim',
  'mi mı mu mü nasıl ne nerede nereye niçin niye ve veya ya',
]
  .join(' ')
  .split(' ');

/**
 * The languages whose two lists agree on their function words (Snowball's list, or close to it),
 * by their ISO 639-1 code, and Turkish with its own list. Both packages' lists for Arabic,
 * Bulgarian, Hungarian, Indonesian, Lithuanian and Romanian are one longer list that holds words
 * people search for (Bulgarian `автентичен`, "authentic"), and their Slovenian lists share no
 * word, so those languages get neither stop words nor a stemmer. English and Hindi are the search's own (Arabic
 * has its light stem there too); Chinese, Japanese, Korean and Thai are searched by pairs of
 * letters, which no stop word or stem concerns.
 */
const LANGUAGES: Readonly<Record<string, ContentLanguage>> = {
  da: { name: 'danish', stopWordLists: [danish, stopword.dan] },
  de: { name: 'german', stopWordLists: [german, stopword.deu] },
  el: { name: 'greek', stopWordLists: [greek, stopword.ell] },
  es: { name: 'spanish', stopWordLists: [spanish, stopword.spa] },
  fi: { name: 'finnish', stopWordLists: [finnish, stopword.fin] },
  fr: { name: 'french', stopWordLists: [french, stopword.fra] },
  ga: { name: 'irish', stopWordLists: [irish, stopword.gle] },
  hy: { name: 'armenian', stopWordLists: [armenian, stopword.hye] },
  it: { name: 'italian', stopWordLists: [italian, stopword.ita] },
  nb: { name: 'norwegian', stopWordLists: [norwegian, stopword.nob] },
  nl: { name: 'dutch', stopWordLists: [dutch, stopword.nld] },
  nn: { name: 'norwegian', stopWordLists: [norwegian, stopword.nob] },
  no: { name: 'norwegian', stopWordLists: [norwegian, stopword.nob] },
  pt: { name: 'portuguese', stopWordLists: [portuguese, stopword.por] },
  ru: { name: 'russian', stopWordLists: [russian, stopword.rus] },
  sv: { name: 'swedish', stopWordLists: [swedish, stopword.swe] },
  tr: { name: 'turkish', ownStopWords: TURKISH_STOP_WORDS },
  uk: { name: 'ukrainian', stopWordLists: [ukrainian, stopword.ukr] },
};

/** The languages of content the search reads in their own words (LANGUAGES), by ISO 639-1 code. */
export const SEARCH_LANGUAGES: readonly string[] = Object.keys(LANGUAGES);

/** The language of a `locale` (a BCP 47 tag: `es-MX`, `de`) the search reads, if it does. */
function findLanguage(locale: string): ContentLanguage | undefined {
  const code = locale.split('-')[0]?.toLowerCase() ?? '';
  return Object.hasOwn(LANGUAGES, code) ? LANGUAGES[code] : undefined;
}

/**
 * The stop words of a `locale` beyond English's, folded as the search folds words (`más` is
 * `mas`), sorted; none for English, for a language the lists lack, or for a tag that names no
 * language.
 */
export function listContentStopWords(locale: string): string[] {
  const language = findLanguage(locale);
  if (!language) return [];
  const words =
    'ownStopWords' in language
      ? language.ownStopWords.map(normalizeWord)
      : readCommonWords(language);
  return [...new Set(words.filter((word) => word && !STOP_WORDS.has(word)))].sort();
}

/** The words both lists of a language hold, folded. */
function readCommonWords(language: {
  stopWordLists: readonly [readonly string[], readonly string[]];
}) {
  const [orama, other] = language.stopWordLists;
  const inOther = new Set(other.map(normalizeWord));
  return orama.map(normalizeWord).filter((word) => inOther.has(word));
}

/** The stemmer of a `locale`'s language, loaded at build time; none where listContentStopWords has none. */
export async function loadContentStemmer(locale: string): Promise<Stemmer | undefined> {
  const language = findLanguage(locale);
  if (!language) return undefined;
  // Resolved by Node at run time, not by Vite (the tests run this module through it), which
  // would warn that it cannot follow a package export whose name is a variable.
  const { stemmer } = (await import(/* @vite-ignore */ `@orama/stemmers/${language.name}`)) as {
    stemmer: Stemmer;
  };
  return stemmer;
}

/**
 * The generated module that gives the site search the stemmer of a `locale`'s language
 * (`src/generated/search-stemmer.ts`): a static import of that one language's module, so the
 * search chunk and the MCP function bundle it alone; `undefined` for a language without one.
 */
export function renderSearchStemmerModule(locale: string): string {
  const language = findLanguage(locale);
  return [
    "// Generated at build time from content/'s locale by src/integrations/search-language.ts.",
    "import type { Stemmer } from '../documents/search-terms.ts';",
    ...(language ? [`import { stemmer } from '@orama/stemmers/${language.name}';`] : []),
    '',
    `export const stemContentWord: Stemmer | undefined = ${language ? 'stemmer' : 'undefined'};`,
    '',
  ].join('\n');
}
