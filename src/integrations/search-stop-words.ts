/**
 * The stop words of the content's language, for the site search (src/documents/page-search.ts):
 * the words too common in that language to tell its sections apart (`de`, `la`, `und`, `les`).
 * English's are the search's own (STOP_WORDS); without another language's, its commonest words
 * weighed as rare ones in an index that is mostly the reference's English, so "¿Cuánto cuesta un
 * sensor?" led to every section with `un` before the one with the price.
 *
 * A word counts when both Orama's list (`@orama/stopwords`, Snowball's for most languages) and
 * the `stopword` package's list for the language hold it: either list alone holds words people
 * search for in some language (Orama's Spanish has `tiempo` and `trabajo`, `stopword`'s German
 * `zeit` and `jahr`), while the function words are in both.
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
import { normalizeWord, STOP_WORDS } from '../documents/search-terms.ts';

/**
 * The languages whose two lists agree on their function words (Snowball's list, or close to it),
 * by their ISO 639-1 code: Orama's list and `stopword`'s. Both packages' lists for Arabic,
 * Bulgarian, Hungarian, Indonesian, Lithuanian, Romanian and Turkish are one longer list that
 * holds words people search for (Bulgarian `автентичен`, "authentic"), and their Slovenian lists
 * share no word, so those languages get none. English and Hindi are the search's own; Chinese,
 * Japanese, Korean and Thai are searched by pairs of letters, which no stop word lists.
 */
const LISTS: Readonly<Record<string, readonly [readonly string[], readonly string[]]>> = {
  da: [danish, stopword.dan],
  de: [german, stopword.deu],
  el: [greek, stopword.ell],
  es: [spanish, stopword.spa],
  fi: [finnish, stopword.fin],
  fr: [french, stopword.fra],
  ga: [irish, stopword.gle],
  hy: [armenian, stopword.hye],
  it: [italian, stopword.ita],
  nb: [norwegian, stopword.nob],
  nl: [dutch, stopword.nld],
  nn: [norwegian, stopword.nob],
  no: [norwegian, stopword.nob],
  pt: [portuguese, stopword.por],
  ru: [russian, stopword.rus],
  sv: [swedish, stopword.swe],
  uk: [ukrainian, stopword.ukr],
};

/** The languages of content whose own stop words the search leaves out (LISTS). */
export const STOP_WORD_LANGUAGES: readonly string[] = Object.keys(LISTS);

/**
 * The stop words of a `locale` (a BCP 47 tag: `es-MX`, `de`) beyond English's, folded as the
 * search folds words (`más` is `mas`), sorted; none for English, for a language the lists lack,
 * or for a tag that names no language.
 */
export function listContentStopWords(locale: string): string[] {
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  const lists = Object.hasOwn(LISTS, language) ? LISTS[language] : undefined;
  if (!lists) return [];
  const [orama, other] = lists;
  const inOther = new Set(other.map(normalizeWord));
  const words = orama
    .map(normalizeWord)
    .filter((word) => word && inOther.has(word) && !STOP_WORDS.has(word));
  return [...new Set(words)].sort();
}
