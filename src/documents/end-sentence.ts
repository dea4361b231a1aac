/** Sentence-final punctuation, possibly inside closing quotes or brackets. */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

/**
 * Ends a sentence with a period unless it already ends with one (or with ! ? …), so a sentence
 * ending in a name such as "Example Systems, Inc." gets no second period. Empty text stays empty.
 * @see The Chicago Manual of Style §6.12 (a period that ends an abbreviation also ends the sentence)
 */
export function endSentence(text: string): string {
  return text === '' || SENTENCE_END.test(text) ? text : `${text}.`;
}
