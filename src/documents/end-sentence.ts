/**
 * Sentence-final punctuation in any script (Unicode's Sentence_Terminal: `.` `!` `?`, the
 * ideographic full stop `。`, the full-width `！` `？`, the Arabic `؟` and others) or an ellipsis,
 * possibly inside closing quotes or brackets (`"` `'`, closing punctuation such as `)` `]` `」`, and
 * final quotes such as `”` `’` `»`, with the space French puts before `»`).
 */
const SENTENCE_END = /[\p{Sentence_Terminal}…](?:\s*["'\p{Pe}\p{Pf}])*$/u;

/**
 * The full stop of the scripts that do not end a sentence with `.`: the danda of Hindi, Bengali,
 * Punjabi and Odia, the ideographic full stop of Chinese and Japanese, and those of Armenian,
 * Ethiopic, Burmese, Tibetan and Khmer; Thai and Lao end a sentence with none (a space comes
 * before the next). Every other script, Korean and Arabic among them, ends one with `.`.
 */
const SCRIPT_FULL_STOPS: readonly (readonly [RegExp, string])[] = [
  [/[\p{sc=Deva}\p{sc=Beng}\p{sc=Guru}\p{sc=Orya}]/u, '।'],
  [/[\p{sc=Han}\p{sc=Hira}\p{sc=Kana}]/u, '。'],
  [/\p{sc=Armn}/u, '։'],
  [/\p{sc=Ethi}/u, '።'],
  [/\p{sc=Mymr}/u, '။'],
  [/\p{sc=Tibt}/u, '།'],
  [/\p{sc=Khmr}/u, '។'],
  [/[\p{sc=Thai}\p{sc=Laoo}]/u, ''],
];

/**
 * The full stop of the script most of a text's letters are written in (SCRIPT_FULL_STOPS), so a
 * Hindi sentence that names `MCP` still ends with `।` and an English one that ends with a Hindi
 * name with `.`.
 */
function readFullStop(text: string): string {
  const counts = new Map<string, number>();
  for (const [letter] of text.matchAll(/\p{L}/gu)) {
    const stop = SCRIPT_FULL_STOPS.find(([script]) => script.test(letter))?.[1] ?? '.';
    counts.set(stop, (counts.get(stop) ?? 0) + 1);
  }
  let best = '.';
  for (const [stop, count] of counts) if (count > (counts.get(best) ?? 0)) best = stop;
  return best;
}

/**
 * Ends a sentence with a full stop unless it already ends with one (or with ! ? … or the
 * sentence-final punctuation of another script, such as `。` or `।`), so a sentence ending in a
 * name such as "Example Systems, Inc." gets no second period and a Japanese sentence no period
 * after its own. The full stop is the one of the text's script: `.`, or `।` after a Hindi
 * sentence, `。` after a Japanese one, none after a Thai one. Empty text stays empty.
 * @see The Chicago Manual of Style §6.12 (a period that ends an abbreviation also ends the sentence)
 */
export function endSentence(text: string): string {
  return text === '' || SENTENCE_END.test(text) ? text : `${text}${readFullStop(text)}`;
}
