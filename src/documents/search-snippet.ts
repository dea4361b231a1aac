/**
 * The snippet of a search hit: about 24 words of a section's text around its first match, the
 * matched words marked (page-search.ts).
 */
import { listDictionaryWords } from './query-parts.ts';
import {
  hasEastAsianLetter,
  readWordTerms,
  trimJoiners,
  WORD,
  type SearchLanguage,
} from './search-terms.ts';

/** A part of a snippet: plain text, or a matched word (`mark`). */
export interface SnippetPart {
  readonly text: string;
  readonly mark: boolean;
}

/** How many words a snippet holds, and how many of them come before the first match. */
const SNIPPET_WORDS = 24;
const SNIPPET_LEAD = 6;

/** The most characters a snippet keeps before a text's first word or after its last. */
const SNIPPET_EDGE = 8;

/** A word of a snippet: where it stands in the text, and whether it matched. */
interface SnippetWord {
  readonly start: number;
  readonly end: number;
  readonly mark: boolean;
}

/**
 * The words of a text as a snippet counts and marks them: each word whole, but each letter of a
 * run of East Asian letters on its own (such a run is often a whole sentence), marked when it or
 * the pair it makes with a neighbour of the run matched (splitEastAsianWord); in Thai, Lao, Khmer
 * and Myanmar, each word the runtime's dictionary finds (listDictionaryWords), marked when one of
 * its letters is, so that a snippet neither starts nor ends inside a word, nor leaves a vowel sign
 * or tone mark without its letter.
 */
function readSnippetWords(
  text: string,
  matched: ReadonlySet<string>,
  language: SearchLanguage | undefined,
): SnippetWord[] {
  const isMatched = (spelled: string) =>
    readWordTerms(spelled, language).some((term) => matched.has(term));
  const words: SnippetWord[] = [];
  for (const match of text.matchAll(WORD)) {
    // The word's runs: East Asian letters one by one, the rest whole (`API` of `API键`).
    const letters: SnippetWord[] = [];
    const runs: { start: number; end: number; east: boolean }[] = [];
    let at = match.index;
    for (const letter of match[0]) {
      const east = hasEastAsianLetter(letter);
      const last = runs.at(-1);
      if (last && !east && !last.east) runs[runs.length - 1] = { ...last, end: at + letter.length };
      else runs.push({ start: at, end: at + letter.length, east });
      at += letter.length;
    }
    runs.forEach((run, index) => {
      const spelled = text.slice(run.start, run.end);
      const pairedWith = (other: (typeof runs)[number] | undefined, before: boolean) =>
        other?.east === true &&
        isMatched(before ? text.slice(other.start, run.end) : text.slice(run.start, other.end));
      const mark = run.east
        ? isMatched(spelled) ||
          pairedWith(runs[index - 1], true) ||
          pairedWith(runs[index + 1], false)
        : isMatched(trimJoiners(spelled));
      letters.push({ start: run.start, end: run.end, mark });
    });
    words.push(...joinDictionaryWords(match[0], match.index, letters));
  }
  return words;
}

/**
 * A word's snippet words (readSnippetWords), the letters of each word a dictionary finds in it
 * joined into one (`at`: where the word starts in the text).
 */
function joinDictionaryWords(
  word: string,
  at: number,
  letters: readonly SnippetWord[],
): readonly SnippetWord[] {
  const spans = listDictionaryWords(word);
  if (!spans) return letters;
  const joined: SnippetWord[] = [];
  let span = 0;
  let lastSpan = -1;
  for (const letter of letters) {
    while (span < spans.length && at + (spans[span]?.end ?? 0) <= letter.start) span += 1;
    const last = joined.at(-1);
    if (last && span === lastSpan) {
      joined[joined.length - 1] = {
        start: last.start,
        end: Math.max(last.end, letter.end),
        mark: last.mark || letter.mark,
      };
    } else joined.push(letter);
    lastSpan = span;
  }
  return joined;
}

/**
 * The snippet of a section's text around its first word that matched: about 24 words, the
 * matched words marked. A word is marked when one of its terms is among the matched index terms,
 * so a fuzzy match marks the word it matched, never a stop word (`language`: the index's).
 */
export function buildSnippet(
  text: string,
  matched: ReadonlySet<string>,
  language?: SearchLanguage,
): SnippetPart[] {
  const words = readSnippetWords(text, matched, language);
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
  // A snippet that starts at the text's first word, or ends at its last, keeps what stands
  // before or after it (an opening quotation mark, the full stop or danda that ends the answer),
  // up to a few characters (not a code block's rule of dashes), and says no more follows; one
  // cut inside the text says so with an ellipsis.
  const lead = text.slice(0, shown[0]?.start ?? 0).trimStart();
  const rest = text.slice(shown.at(-1)?.end ?? text.length).trimEnd();
  const whole = (edge: string) => [...edge].length <= SNIPPET_EDGE;
  const head = from === 0 && whole(lead);
  let cursor = (shown[0]?.start ?? 0) - (head ? lead.length : 0);
  if (!head) push('… ', false);
  for (const word of shown) {
    push(text.slice(cursor, word.start), false);
    push(text.slice(word.start, word.end), word.mark);
    cursor = word.end;
  }
  push(from + shown.length === words.length && whole(rest) ? rest : ' …', false);
  return parts;
}
