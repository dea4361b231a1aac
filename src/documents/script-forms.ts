// The spellings of one word that some scripts write two ways, read as one by the search
// (search-terms.ts's normalizeWord): Devanagari's candrabindu and anusvara, and the decimal digits
// of every script.

/**
 * Devanagari's candrabindu (`ँ`, nasalization), which writers of Hindi use and leave for the
 * anusvara (`ं`) alike: `महिलाएँ` and `महिलाएं` are one word (Lucene's HindiNormalizer reads
 * them alike too).
 */
const CANDRABINDU = /\u0901/g;

/** A decimal digit of a script other than ASCII's: `१९९८` in Devanagari, `٢٠٢٤` in Arabic. */
const OTHER_DIGIT = /[\p{Nd}--[0-9]]/gv;
const DIGIT = /\p{Nd}/u;
const foldedDigits = new Map<string, string>();

/**
 * A decimal digit as the ASCII digit of its value. Unicode encodes each script's decimal digits as
 * one run from 0 to 9, and runs that touch follow each other whole (its stability policy), so a
 * digit's value is its distance from the start of the digits before it, modulo 10.
 */
function foldDigit(digit: string): string {
  let folded = foldedDigits.get(digit);
  if (folded === undefined) {
    const code = digit.codePointAt(0) ?? 0;
    let start = code;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    folded = String((code - start) % 10);
    foldedDigits.set(digit, folded);
  }
  return folded;
}

/**
 * A text with its candrabindu read as the anusvara and its digits as ASCII's (`महिलाएँ १९९८` is
 * `महिलाएं 1998`).
 */
export function foldScriptForms(text: string): string {
  return text.replace(CANDRABINDU, '\u0902').replace(OTHER_DIGIT, foldDigit);
}
