/**
 * How the site search turns text into terms, the same way for the pages' sections (indexing) and
 * for a query: words folded to lower case without accents, identifiers indexed whole, by their
 * parts and joined (`RateLimit-Policy` gives `ratelimit`, `rate`, `limit`), and every word also by
 * its Porter stem (`limits`, `limited` and `limiting` all give `limit`; an Arabic word without its
 * article, `الماء` gives `ماء`), so the spellings a developer types meet the spellings the pages
 * use.
 * @see https://tartarus.org/martin/PorterStemmer/
 */
import { stemmer } from 'stemmer';
import { stemArabicWord, stemHindiWord } from './light-stems.ts';
import { foldLatinLetters } from '../site-content/latin-letters.ts';
import { hasDictionaryScript, selectTellingParts, splitQueryParts } from './query-parts.ts';
import { foldScriptForms } from './script-forms.ts';
import { dropApostropheEnding, dropElision, splitApostropheEnding } from './word-affixes.ts';

/**
 * Words too common to tell sections apart; never indexed, so no typo can match one. English, and
 * the postpositions, auxiliaries, pronouns and question words of Hindi (`के`, `की`, `में`, `है`,
 * `कब`: a question such as `समिति की स्थापना कब हुई` would otherwise find every page by its
 * `की`), which no other language's words collide with, since only Devanagari writes them. Written
 * as normalizeWord reads a word (`कहां` for `कहाँ` too).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a also an and are as at be been but by can do for from has have how i if in into is it its me my of on or our so than that the their them then there these they this those to us was we were what when where which who will with you your',
    'और का की के को कि ने में से पर तक है हैं था थी थे हो हुआ हुई हुए भी तो यह वह ये वे इस उस इन उन एक या क्या कब कहां कैसे कौन क्यों कितना कितनी कितने होता होती होते होना होने करता करती करते करना करने करें किया किए गया गई गए जाता जाती जाते सकता सकती सकते रहा रही रहे',
  ]
    .join(' ')
    .split(' '),
);

/** A stemmer of one language: a word, lower-cased, to its stem (`trabajamos` to `trabaj`). */
export type Stemmer = (word: string) => string;

/**
 * How a search reads the words of its content's language beyond English (the build chooses both
 * by the content's `locale`: src/integrations/search-language.ts): that language's stop words
 * with English's and Hindi's (`de`, `la`, `und`, which would otherwise weigh as rare words in an
 * index that is mostly the reference's English, and lead a question to every section in that
 * language), and its stemmer, by which a word is also indexed and searched (`trabajan` finds
 * `trabajamos`), beside its Porter stem.
 */
export interface SearchLanguage {
  readonly stopWords: ReadonlySet<string>;
  readonly stem?: Stemmer | undefined;
}

/** A search of content in English (or in a language the build has nothing for). */
export const ENGLISH_SEARCH: SearchLanguage = { stopWords: STOP_WORDS };

/** The search language of the content's stop words beyond English's and its stemmer, if any. */
export function readSearchLanguage(stopWords: readonly string[], stem?: Stemmer): SearchLanguage {
  return {
    stopWords: stopWords.length === 0 ? STOP_WORDS : new Set([...STOP_WORDS, ...stopWords]),
    ...(stem ? { stem } : {}),
  };
}

/**
 * A plain word's stem by the content language's stemmer (on the word lower-cased, `İ` as `i`,
 * then folded: the stemmer knows the language's accented endings, `información`), or undefined
 * without one or for a word with East Asian letters.
 */
function readContentStem(word: string, language: SearchLanguage): string | undefined {
  if (!language.stem || hasEastAsianLetter(word)) return undefined;
  return keepContentStem(normalizeWord(language.stem(word.replaceAll('İ', 'i').toLowerCase())));
}

/**
 * A content stem worth a term: one of three letters or more. Snowball's Turkish stemmer cuts
 * `çini` "tile" to `ç`, which would have found every word it cuts to that letter.
 */
export function keepContentStem(stem: string): string | undefined {
  return [...stem].length >= 3 ? stem : undefined;
}

/** Words that open a question ("how do I get a token"); see `readQueryWords`. */
const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  'how what where which why when who can could do does did is are should would'.split(' '),
);

/**
 * Verbs a question wraps its subject in: "how do I get a token" asks about tokens, not about the
 * `GET` operations; "what does Acme do" about Acme, not about every page that says what something
 * "does"; "what errors can the API return" about errors of the API. Dropped from questions only,
 * so `GET /overview` keeps its method.
 */
const QUESTION_VERBS: ReadonlySet<string> = new Set(
  [
    'get getting use using make need want find see call calling set send return returns',
    'does did could would should',
  ]
    .join(' ')
    .split(' '),
);

/**
 * A word: letters and digits with the marks written on them, joined by `_`, `-`, `.`, `/` or an
 * apostrophe (`'` or the typographer's `’`) into one identifier (`rate_limited`, `server-card`,
 * `llms.txt`, `oauth/token`, `baker’s`); a sentence's full stop is no joiner, since a letter must
 * follow it. The marks keep a word whole where a script writes its vowels as marks (`बेकरी`,
 * `ขนมปัง`, `يُروى`) or a text comes decomposed (`e` and U+0301 for `é`).
 */
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[_.\-'’/][\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*/gu;

/** The joiners inside an identifier. */
const JOINER = /[_.\-'’/]/;

/** A lower-case letter followed by a capital: where `RateLimit` and `getOverview` split. */
const CAMEL_CASE = /(?<=\p{Ll})(?=\p{Lu})/u;

/**
 * The marks a word is read without, those that are accents or optional points: the combining
 * diacritics any script borrows (Unicode's Inherited script: `é` is `e` and U+0301, Arabic's
 * short vowels), Hebrew's vowel points and Arabic's other marks, and the nukta of the Indic
 * scripts (`ज़` is `ज` and U+093C, which many writers leave out). Not the voicing marks of kana,
 * which make another letter (`パン` "bread" is not `ハン`), nor the vowel signs of the Indic and
 * Southeast Asian scripts, which are letters of their words: without them `काम` "work" would be
 * `कम` "less", and `जीरा` "cumin" `जर`.
 */
const FOLDED_MARKS =
  /[[\p{Script=Inherited}\p{Script=Hebrew}\p{Script=Arabic}\u093C\u09BC\u0A3C\u0ABC\u0B3C\u0CBC]&&[\p{M}--[\u3099\u309A]]]/gv;

/** A character outside ASCII. */
const NON_ASCII = /[\u0080-\u{10FFFF}]/u;

/**
 * Lower case, compatibility forms folded and accents dropped, so `Société` matches `societe` (and
 * half-width `ﾊﾟﾝ` matches `パン`); composed again (NFC), so a kana keeps its voicing mark and a
 * Korean syllable stays one letter. A vowel sign of Devanagari or Thai is no accent and stays;
 * Devanagari's candrabindu is read as the anusvara. The Latin letters no accent can be dropped
 * from are written as those they stand for (latin-letters.ts), so `isilti` and `ışıltı` both match
 * `IŞILTI`, and `lodz` matches `Łódź`; the digits of every script as ASCII's, so `1998` matches
 * `१९९८`.
 */
export function normalizeWord(word: string): string {
  const composed = word.normalize('NFKD').replace(FOLDED_MARKS, '').normalize('NFC');
  // Most words are ASCII, which holds neither: without this test the two scans made it a third
  // slower over the sample site's 26,698 indexed words.
  const folded = NON_ASCII.test(composed) ? foldScriptForms(composed) : composed;
  return foldLatinLetters(folded).toLowerCase();
}

/**
 * A letter of the scripts that write no space between words (Chinese, Japanese, and in Southeast
 * Asia Thai, Lao, Khmer and Myanmar) or write a word with its particles (Korean: `빵을`, "bread"
 * as an object). ー, the kana's long-vowel mark, is Common by script and Hiragana and Katakana by
 * extension; the vowel signs of Thai are marks of its script.
 */
const EAST_ASIAN_CLASS =
  '[\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}]';
const EAST_ASIAN_LETTER = new RegExp(EAST_ASIAN_CLASS, 'u');

/** A word cut into its runs of East Asian letters and the rest. */
const EAST_ASIAN_RUNS = new RegExp(`(${EAST_ASIAN_CLASS}+)`, 'u');

/** The joiners at a part's ends, once a word is cut around its East Asian letters (`API-`). */
const EDGE_JOINERS = new RegExp(`^${JOINER.source}+|${JOINER.source}+$`, 'gu');

/** A part of a word without the joiners at its ends (`API-` of `API-键` is `API`). */
export function trimJoiners(part: string): string {
  return part.replace(EDGE_JOINERS, '');
}

/**
 * A word's search words when it holds East Asian letters: each run of them as its overlapping
 * pairs of letters (bigrams: `面包店` is `面包` and `包店`), a lone letter as itself, and with
 * `letters` each letter too (what an index adds, so that a query of one letter, `빵`, finds
 * `빵을`). The rest of the word stays whole. The way Lucene's CJK analyzer indexes these scripts:
 * no dictionary, so the build, Node and every browser cut a text the same way.
 * @see https://lucene.apache.org/core/9_0_0/analysis/common/org/apache/lucene/analysis/cjk/CJKBigramFilter.html
 */
export function splitEastAsianWord(word: string, letters: boolean): string[] {
  if (!EAST_ASIAN_LETTER.test(word)) return [word];
  return word.split(EAST_ASIAN_RUNS).flatMap((run, index) => {
    if (index % 2 === 0) return trimJoiners(run) || [];
    // Half-width kana composed first (`ｶﾞ` is one letter, `ガ`), as normalizeWord reads them.
    const chars = [...run.normalize('NFKC')];
    if (chars.length === 1) return chars;
    const pairs = chars.slice(1).map((char, at) => `${chars[at] ?? ''}${char}`);
    return letters ? [...pairs, ...chars] : pairs;
  });
}

/** True when a word holds an East Asian letter (see splitEastAsianWord). */
export function hasEastAsianLetter(word: string): boolean {
  return EAST_ASIAN_LETTER.test(word);
}

/**
 * The stem of a term of letters: Porter's for Latin letters, the light stem of an Arabic or a
 * Hindi word; digits and identifiers stay as they are.
 */
export function stemTerm(term: string): string {
  return /^[a-z]+$/.test(term) ? stemmer(term) : stemHindiWord(stemArabicWord(term));
}

/**
 * The words of a text (each still in its original spelling, an elided article left out), runs of
 * East Asian letters as their pairs of letters (splitEastAsianWord): how a text's words are
 * compared with a query's, side by side (page-search.ts).
 */
export function tokenizeWords(text: string): string[] {
  return (text.match(WORD) ?? []).flatMap((word) =>
    splitEastAsianWord(dropApostropheEnding(dropElision(word)), false),
  );
}

/** The words of a text as an index takes them: tokenizeWords, with each East Asian letter too. */
export function tokenizeIndexedWords(text: string): string[] {
  return (text.match(WORD) ?? []).flatMap((word) => splitEastAsianWord(dropElision(word), true));
}

/** A word split at its joiners, then at its camel-case humps, lower-cased, stop words left out. */
function readWordPieces(
  word: string,
  stopWords: ReadonlySet<string>,
): { readonly parts: string[]; readonly pieces: string[] } {
  const parts = word.split(JOINER).filter(Boolean);
  const pieces = parts.flatMap((part) => part.split(CAMEL_CASE)).map(normalizeWord);
  return {
    parts: parts.map(normalizeWord).filter((part) => !stopWords.has(part)),
    pieces: pieces.filter((piece) => piece && !stopWords.has(piece)),
  };
}

/**
 * The spellings a word stands for, without stems: the word itself and, for an identifier or a
 * camel-case word, each part between joiners, each hump and all humps joined, so `rate_limited`
 * is found by `rate_limited`, `rate`, `limited` or `ratelimited`. Stop words give none. An elided
 * article is left out first: `l'eau` stands for `eau` alone.
 */
export function readWordForms(
  spelled: string,
  stopWords: ReadonlySet<string> = STOP_WORDS,
): string[] {
  const word = dropElision(spelled);
  const ending = splitApostropheEnding(word);
  if (ending) {
    const forms = [ending.base, ending.joined].flatMap((form) => readWordForms(form, stopWords));
    return [...new Set(forms)];
  }
  const whole = normalizeWord(word);
  const { parts, pieces } = readWordPieces(word, stopWords);
  if (pieces.length <= 1) return stopWords.has(whole) || !whole ? [] : [whole];
  return [...new Set([whole, ...parts, ...pieces, pieces.join('')])];
}

/**
 * A plain word in lower case with its accents (`là`), where folding changes it (`folded`, its
 * normalizeWord: `la`): a search finds the word either way, and one typed with its accents weighs
 * the sections that write them above those that write another word of the same letters
 * (Vietnamese `lá` "leaf" for `là` "is").
 */
function readAccentedTerm(word: string, folded: string): string | undefined {
  if (!NON_ASCII.test(word)) return undefined;
  // `İ` as Turkish lower-cases it: alone, toLowerCase gives `i` and a combining dot above.
  const accented = word.normalize('NFKC').replaceAll('İ', 'i').toLowerCase();
  return accented === folded ? undefined : accented;
}

/**
 * The terms a word is indexed under: its forms and their stems (`limits` gives `limits`, `limit`),
 * and a plain word's stem in the content's language (`language`: readSearchLanguage) and its
 * spelling with accents (readAccentedTerm).
 */
export function readWordTerms(word: string, language: SearchLanguage = ENGLISH_SEARCH): string[] {
  // A word with an ending after an apostrophe: the terms of the word without it and of the two
  // written as one (`İstanbul` and `İstanbuldan` for `İstanbul'dan`), each a plain word.
  const ending = splitApostropheEnding(dropElision(word));
  if (ending) {
    const terms = [ending.base, ending.joined].flatMap((form) => readWordTerms(form, language));
    return [...new Set(terms)];
  }
  const forms = readWordForms(word, language.stopWords);
  // A plain word's one form is the word folded (readWordForms).
  const [folded] = forms;
  const plain = forms.length === 1 ? dropElision(word) : undefined;
  const contentStem = plain === undefined ? undefined : readContentStem(plain, language);
  const accented =
    plain === undefined || folded === undefined ? undefined : readAccentedTerm(plain, folded);
  return [
    ...new Set([
      ...forms,
      ...forms.map(stemTerm),
      ...(contentStem ? [contentStem] : []),
      ...(accented ? [accented] : []),
    ]),
  ];
}

/** One word of a query, as typed, and whether it is an identifier (it has parts). */
export interface QueryWord {
  /** The word folded to lower case (`rate_limited`, `tokens`, `防霜ファン`). */
  readonly text: string;
  /** Its stem for a plain word, else the word (`token`, `rate_limited`). */
  readonly stem: string;
  /**
   * A plain word's stem in the content's language, where the search has its stemmer and that stem
   * is neither the word nor its stem above (`trabaj` of `trabajan`).
   */
  readonly contentStem?: string;
  /**
   * An identifier's pieces, stemmed (`rate`, `limit`); a word with East Asian letters, its pairs
   * of letters and its other parts (`防霜`, `霜フ`, `ファ`, `ァン`); empty for a plain word.
   */
  readonly pieces: readonly string[];
  /**
   * A word with East Asian letters cut where its script changes (`会社` `について`), each part's
   * pieces, without the parts in hiragana beside others (particles, endings): what a search that
   * needs only some words needs of it (`会社について` finds `会社`). Empty for any other word.
   */
  readonly segments: readonly (readonly string[])[];
  /**
   * False for a word with East Asian letters: the index holds such a word by its pairs of letters
   * only (splitEastAsianWord), so it matches where all its pieces do, or, in a search that needs
   * only some words, all the pieces of one of its segments.
   */
  readonly whole: boolean;
  /** A plain word's spelling with its accents, where they were typed (readAccentedTerm). */
  readonly accented?: string;
}

/** A text's pairs of letters and other parts as a query's terms: folded, stemmed, no stop word. */
function readQueryPieces(text: string): string[] {
  return splitEastAsianWord(text, false)
    .map((part) => stemTerm(normalizeWord(part)))
    .filter((piece) => piece && !STOP_WORDS.has(piece));
}

/** A word of a query with East Asian letters: one word, made of its pairs of letters. */
function readEastAsianQueryWord(word: string): QueryWord {
  const text = normalizeWord(word);
  // Cut once: where its script changes, a dictionary's words in Thai, Lao, Khmer or Myanmar.
  const parts = splitQueryParts(word);
  const segments = selectTellingParts(parts)
    .map(readQueryPieces)
    .filter((pieces) => pieces.length > 0);
  // A word in Thai, Lao, Khmer or Myanmar needs the pairs of each of its words, not those across
  // two of them (splitDictionaryWords); any other, every pair of its letters.
  const pieces = hasDictionaryScript(word)
    ? [...new Set(parts.flatMap(readQueryPieces))]
    : readQueryPieces(word);
  return { text, stem: text, pieces, segments, whole: false };
}

/**
 * The words of a query that can match: stop words left out, and in a question ("how do I get a
 * token") the verbs that wrap its subject, unless nothing else would be left. A word written
 * without spaces (`防霜ファン`, a Japanese sentence) stays one word of its pairs of letters, all of
 * which it needs, or all of one of its segments: a pair alone (`ファ`, also in `リファレンス`)
 * finds nothing. `language`: the search's stop words and stemmer (readSearchLanguage).
 */
export function readQueryWords(
  query: string,
  language: SearchLanguage = ENGLISH_SEARCH,
): QueryWord[] {
  const { stopWords } = language;
  const typed = (query.match(WORD) ?? []).map((word) => dropApostropheEnding(dropElision(word)));
  const words: QueryWord[] = [];
  for (const word of typed) {
    if (hasEastAsianLetter(word)) {
      const eastAsian = readEastAsianQueryWord(word);
      if (eastAsian.pieces.length > 0) words.push(eastAsian);
      continue;
    }
    const text = normalizeWord(word);
    if (stopWords.has(text)) continue;
    const { pieces } = readWordPieces(word, stopWords);
    const stem = stemTerm(text);
    const contentStem = pieces.length > 1 ? undefined : readContentStem(word, language);
    const accented = pieces.length > 1 ? undefined : readAccentedTerm(word, text);
    words.push({
      text,
      stem,
      ...(contentStem && contentStem !== stem && contentStem !== text ? { contentStem } : {}),
      pieces: pieces.length > 1 ? pieces.map(stemTerm) : [],
      segments: [],
      whole: true,
      ...(accented ? { accented } : {}),
    });
  }
  const first = typed[0] === undefined ? '' : normalizeWord(typed[0]);
  if (!QUESTION_OPENERS.has(first)) return words;
  const subject = words.filter((word) => !QUESTION_VERBS.has(word.text));
  return subject.length > 0 ? subject : words;
}
