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
import * as stopwordLists from 'stopword';
import { normalizeWord, STOP_WORDS } from '../documents/search-terms.ts';

/**
 * The languages whose two lists agree on their function words (Snowball's list, or close to it),
 * by their ISO 639-1 code: Orama's module and `stopword`'s list. Both packages' lists for Arabic,
 * Bulgarian, Hungarian, Indonesian, Lithuanian, Romanian and Turkish are one longer list that
 * holds words people search for (Bulgarian `автентичен`, "authentic"), and their Slovenian lists
 * share no word, so those languages get none. English and Hindi are the search's own; Chinese,
 * Japanese, Korean and Thai are searched by pairs of letters, which no stop word lists.
 */
const LISTS: Readonly<
  Record<string, readonly [orama: string, stopword: keyof typeof stopwordLists]>
> = {
  da: ['danish', 'dan'],
  de: ['german', 'deu'],
  el: ['greek', 'ell'],
  es: ['spanish', 'spa'],
  fi: ['finnish', 'fin'],
  fr: ['french', 'fra'],
  ga: ['irish', 'gle'],
  hy: ['armenian', 'hye'],
  it: ['italian', 'ita'],
  nb: ['norwegian', 'nob'],
  nl: ['dutch', 'nld'],
  nn: ['norwegian', 'nob'],
  no: ['norwegian', 'nob'],
  pt: ['portuguese', 'por'],
  ru: ['russian', 'rus'],
  sv: ['swedish', 'swe'],
  uk: ['ukrainian', 'ukr'],
};

/** The languages of content whose own stop words the search leaves out (LISTS). */
export const STOP_WORD_LANGUAGES: readonly string[] = Object.keys(LISTS);

/**
 * The stop words of a `locale` (a BCP 47 tag: `es-MX`, `de`) beyond English's, folded as the
 * search folds words (`más` is `mas`), sorted; none for English, for a language the lists lack,
 * or for a tag that names no language.
 */
export async function readContentStopWords(locale: string): Promise<string[]> {
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  const names = Object.hasOwn(LISTS, language) ? LISTS[language] : undefined;
  if (!names) return [];
  const [oramaName, stopwordName] = names;
  const { stopwords } = (await import(`@orama/stopwords/${oramaName}`)) as {
    stopwords: readonly string[];
  };
  const other = stopwordLists[stopwordName];
  const inOther = new Set(other.map(normalizeWord));
  const words = stopwords
    .map(normalizeWord)
    .filter((word) => word && inOther.has(word) && !STOP_WORDS.has(word));
  return [...new Set(words)].sort();
}
