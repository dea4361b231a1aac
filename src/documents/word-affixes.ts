/**
 * What a word carries beside itself, before or after an apostrophe: an elided article at its start
 * (French and Italian `l'eau`), an ending at its end (Turkish `İstanbul'dan`, English `Tide's`). The
 * search reads the word without them (search-terms.ts, site-search.ts).
 */

/**
 * An elided article, pronoun or conjunction at a word's start, before an apostrophe: French and
 * Italian write `l'abonnement`, `d’abonnement`, `qu'il`, `c'est`, `l'acqua`. The word is read
 * without it, so `abonnement` finds both and neither outranks the other for sharing the query's
 * article. Only the letters those languages elide: `O'Reilly` and `I'm` keep their first letter.
 */
const ELISION = /^(?:[cdjlmnst]|qu)['’](?=[\p{L}\p{N}])/iu;

/** A word without its elided article (`l'eau` is read as `eau`); any other word as it is. */
export function dropElision(word: string): string {
  return word.replace(ELISION, '');
}

/**
 * An ending of one to three letters after a word's last apostrophe, behind two letters or more:
 * the case endings Turkish writes after a name (`İstanbul'dan`, `Kütahya'da`, `Ali'nin`), the
 * English possessive and contractions (`Tide's`, `don't`), the Dutch plural after a vowel
 * (`auto's`). No word of its own: searched as one (`dan`), it found every name that takes it
 * (`Kütahya'dan` found `İstanbul'dan`). A longer part stays a word (`O'Reilly`, `O'Brien`).
 */
const APOSTROPHE_ENDING = /(?<=[\p{L}\p{N}][\p{L}\p{M}\p{N}]+)['’]([\p{L}\p{M}]{1,3})$/u;

/**
 * A word without its ending after an apostrophe (APOSTROPHE_ENDING: `İstanbul'dan` is read as
 * `İstanbul`), and the word written without the apostrophe (`İstanbuldan`), as many type it; for
 * any other word, undefined.
 */
export function splitApostropheEnding(word: string): { base: string; joined: string } | undefined {
  const ending = APOSTROPHE_ENDING.exec(word);
  if (!ending) return undefined;
  const base = word.slice(0, ending.index);
  return { base, joined: `${base}${ending[1] ?? ''}` };
}

/** A word without its ending after an apostrophe (`İstanbul'dan` is `İstanbul`); any other as it is. */
export function dropApostropheEnding(word: string): string {
  return splitApostropheEnding(word)?.base ?? word;
}
