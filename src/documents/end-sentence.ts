/**
 * Sentence-final punctuation in any script (Unicode's Sentence_Terminal: `.` `!` `?`, the
 * ideographic full stop `。`, the full-width `！` `？`, the Arabic `؟` and others) or an ellipsis,
 * possibly inside closing quotes or brackets (`"` `'`, closing punctuation such as `)` `]` `」`, and
 * final quotes such as `”` `’` `»`, with the space French puts before `»`).
 */
const SENTENCE_END = /[\p{Sentence_Terminal}…](?:\s*["'\p{Pe}\p{Pf}])*$/u;

/**
 * Ends a sentence with a period unless it already ends with one (or with ! ? … or the sentence-final
 * punctuation of another script, such as `。`), so a sentence ending in a name such as "Example
 * Systems, Inc." gets no second period and a Japanese sentence no period after its own. Empty text
 * stays empty.
 * @see The Chicago Manual of Style §6.12 (a period that ends an abbreviation also ends the sentence)
 */
export function endSentence(text: string): string {
  return text === '' || SENTENCE_END.test(text) ? text : `${text}.`;
}
