/**
 * The parts of a query word written without spaces (Chinese, Japanese, Korean, and the scripts of
 * South-East Asia): where its script changes, the words a dictionary finds in Thai, Lao, Khmer
 * and Myanmar, and the parts that say what it is about; and a text's words in those four scripts,
 * for a snippet (search-snippet.ts).
 */

/**
 * The scripts of South-East Asia written without spaces between words (Thai, Lao, Khmer, Myanmar):
 * a query in them is cut into its words by the runtime's dictionaries (splitDictionaryWords).
 */
const DICTIONARY_SCRIPT = /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

/** The scripts at whose changes a word written without spaces is cut into its parts. */
const PART_SCRIPTS = [
  /\p{sc=Han}/u,
  /\p{sc=Hiragana}/u,
  /\p{sc=Katakana}/u,
  /\p{sc=Hangul}/u,
  DICTIONARY_SCRIPT,
];
const HIRAGANA_PART = /^[\p{sc=Hiragana}\u30FC]+$/u;

/** The runtime's word segmenter, made on first use; undefined where it has none. */
let wordSegmenter: Intl.Segmenter | undefined | null = null;

/** Where a word of a text starts and ends (UTF-16 offsets). */
export interface WordSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The words `Intl.Segmenter` finds in a text holding Thai, Lao, Khmer or Myanmar letters, whose ICU
 * dictionaries Node and every current browser carry (`ข้อมูลเก็บไว้ที่ไหน` is `ข้อมูล` `เก็บ` `ไว้`
 * `ที่ไหน`), with what lies between them; undefined for any other text, or where the runtime has
 * no segmenter.
 */
export function listDictionaryWords(text: string): readonly WordSpan[] | undefined {
  if (!DICTIONARY_SCRIPT.test(text)) return undefined;
  if (wordSegmenter === null) {
    wordSegmenter =
      typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'word' })
        : undefined;
  }
  return wordSegmenter
    ? [...wordSegmenter.segment(text)].map(({ index, segment }) => ({
        start: index,
        end: index + segment.length,
      }))
    : undefined;
}

/**
 * A part in Thai, Lao, Khmer or Myanmar cut into its words (listDictionaryWords): a question typed
 * in them names its words in another order, or with others between them, than the text has, so
 * its pairs of letters across two words are in no text. Only a query is cut so: the index keeps
 * every pair, so a text is found whatever a runtime's dictionary makes of a query. Any other
 * part, or a runtime without a segmenter, stays whole.
 */
function splitDictionaryWords(part: string): string[] {
  const words = (listDictionaryWords(part) ?? [])
    .map(({ start, end }) => part.slice(start, end))
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length > 0 ? words : [part];
}

/**
 * A word cut where its script changes between Han, hiragana, katakana, Hangul and the scripts of
 * South-East Asia: a Japanese phrase's kanji, its kana ending or particles, a katakana loanword
 * (`会社` `について`, `防霜` `ファン`). A letter of none of them (ー, a Latin letter, a digit)
 * stays with the one before it.
 */
function splitAtScripts(word: string): string[] {
  const parts: { script: number; text: string }[] = [];
  for (const letter of word) {
    const script = PART_SCRIPTS.findIndex((pattern) => pattern.test(letter));
    const last = parts.at(-1);
    if (last && (script === -1 || script === last.script)) last.text += letter;
    else parts.push({ script, text: letter });
  }
  return parts.map((part) => part.text);
}

/**
 * The particles Korean writes after a noun, in the same word (`회사는`, `서울에서`), longest first:
 * the case and topic markers and the commonest others. Korean is written with spaces between
 * words, but each noun of a sentence carries one: a question typed as a sentence (`회사의 설립
 * 연도는`) names its nouns in forms the text may not hold (`회사가`, `연도`).
 */
const KOREAN_PARTICLES = (
  '에서는 에서도 에게서 으로는 으로서 으로써 에서 에게 에는 에도 한테 께서 으로 로는 부터 까지 처럼 ' +
  '보다 이나 이랑 하고 마다 조차 밖에 은 는 이 가 을 를 의 에 로 와 과 도 만'
).split(' ');
const HANGUL_PART = /^\p{sc=Hangul}+$/u;

/**
 * A part in Hangul without the particle it ends with, when two syllables or more are left (`회사는`
 * is `회사`; `사과`, "apple", stays): without a dictionary, a noun may lose a last syllable that
 * looks like one (`제주도` is `제주`), which only widens a search that needs some words.
 */
function dropKoreanParticle(part: string): string {
  if (!HANGUL_PART.test(part)) return part;
  const particle = KOREAN_PARTICLES.find((ending) => part.endsWith(ending));
  return particle && part.length - particle.length >= 2 ? part.slice(0, -particle.length) : part;
}

/**
 * The parts of a word with East Asian letters that say what it is about (splitAtScripts): all
 * but those in hiragana when another part is in another script, since those are its grammar (a
 * particle, an ending: `について` of `会社について`), and a part in Hangul without its particle
 * (`회사` of `회사는`).
 */
export function readTellingParts(word: string): string[] {
  return selectTellingParts(splitQueryParts(word));
}

/**
 * Of a word's parts (splitQueryParts), those that say what it is about (readTellingParts), for a
 * caller that has cut the word already: a dictionary's words are never in hiragana or Hangul, so
 * cutting them first changes nothing else.
 */
export function selectTellingParts(parts: readonly string[]): string[] {
  const telling = parts.filter((part) => !HIRAGANA_PART.test(part));
  return (telling.length > 0 ? telling : parts).map(dropKoreanParticle);
}

/** True when a word holds a letter of Thai, Lao, Khmer or Myanmar. */
export function hasDictionaryScript(word: string): boolean {
  return DICTIONARY_SCRIPT.test(word);
}

/** A word cut where its script changes, its parts in Thai, Lao, Khmer or Myanmar into their words. */
export function splitQueryParts(word: string): string[] {
  return splitAtScripts(word).flatMap(splitDictionaryWords);
}
